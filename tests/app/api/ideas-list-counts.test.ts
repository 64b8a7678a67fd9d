import { db } from "@/lib/platform/db";
import { agreedRecipient, createDraft, createPublished, createShare, createUser } from "../../factories";
import { recordQueries } from "../../query-count";

// The handler is called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET } from "@/app/api/ideas/route";
import { routeSession } from "../../route-harness";

type Item = { id: number; viewCount: number; recipientCount: number };
const list = async () => {
  const res = await GET(new Request("http://localhost/api/ideas"), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return (await res.json()) as Item[];
};
const signIn = (u: { id: string; name: string; email: string }) => (session.user = { id: u.id, name: u.name, email: u.email, profileImage: null });

/** Each dashboard card shows its views and recipients; the list answers them with each idea. */
describe("GET /api/ideas counts", () => {
  it("gives each idea its views and distinct recipients (one person on two links counts once), zero for an unshared idea", async () => {
    const owner = await createUser();
    const shared = await createPublished(owner.id, { title: "Shared" });
    const quiet = await createDraft(owner.id, { title: "Quiet" });
    const a = await createShare(owner.id, shared.id);
    const b = await createShare(owner.id, shared.id);
    const ann = await agreedRecipient(a, { email: "ann@example.com" });
    const annAgain = await agreedRecipient(b, { email: "ANN@example.com" });
    await agreedRecipient(b, { email: "ben@example.com" });
    await db.viewEvent.createMany({
      data: [
        { shareId: a.id, ideaId: shared.id, recipientId: ann.id },
        { shareId: a.id, ideaId: shared.id, recipientId: ann.id },
        { shareId: b.id, ideaId: shared.id, recipientId: annAgain.id },
      ],
    });
    signIn(owner);
    const items = await list();
    expect(items.find((i) => i.id === shared.id)).toMatchObject({ viewCount: 3, recipientCount: 2 });
    expect(items.find((i) => i.id === quiet.id)).toMatchObject({ viewCount: 0, recipientCount: 0 });
  });

  it("answers the owner's ideas only, and another owner's figures never leak in", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const theirs = await createDraft(stranger.id);
    const share = await createShare(stranger.id, theirs.id);
    await agreedRecipient(share);
    const mine = await createDraft(owner.id);
    signIn(owner);
    expect(await list()).toEqual([expect.objectContaining({ id: mine.id, viewCount: 0, recipientCount: 0 })]);
  });

  it("costs the same number of queries for one idea as for six (no query per card)", async () => {
    const owner = await createUser();
    signIn(owner);
    const first = await createDraft(owner.id);
    await agreedRecipient(await createShare(owner.id, first.id));
    const one = await recordQueries(list);
    for (let i = 0; i < 5; i++) {
      const idea = await createDraft(owner.id);
      await agreedRecipient(await createShare(owner.id, idea.id));
    }
    const six = await recordQueries(list);
    expect(six.result).toHaveLength(6);
    expect(six.result.every((i) => i.recipientCount === 1 && i.viewCount === 0)).toBe(true);
    expect(six.queries.length).toBe(one.queries.length);
  });
});
