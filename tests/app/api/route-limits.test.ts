import { db } from "@/lib/platform/db";
import { addComment } from "@/lib/domain/comments";
import { setEnv } from "../../db-utils";
import { TEST_CLIENT, agreedRecipient, createDraft, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

/**
 * Limits that lib/ functions counted once and the routes now declare (lib/features/api/routes.ts): each still answers 429 at
 * its budget, stores nothing more, and is per caller.
 */

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

import { POST as replyRoute } from "@/app/api/comments/[id]/replies/route";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { POST as identifyRoute } from "@/app/api/recipients/route";

const post = (url: string, body: unknown) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const noParams = { params: Promise.resolve({}) };

function signIn(user: { id: string; name: string; email: string }) {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
}

describe("limits the routes declare", () => {
  beforeEach(() => {
    session.user = null;
    session.secrets = [];
    session.passcodes = {};
  });

  it("limits replies per owner; an unknown comment is a 404 that costs nothing", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const r = await agreedRecipient(share, { name: "Grace Hopper" });
    const comment = await addComment({ content: "Who builds it?" }, r.secrets);
    signIn(owner);
    setEnv({ RATE_LIMIT_SCALE: "0.05" }); // 60 per 10 minutes → 3
    const reply = (id: string, content: string) => replyRoute(post(`/api/comments/${id}/replies`, { content }), { params: Promise.resolve({ id }) });
    expect((await reply("unknown-comment", "nobody")).status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await reply(comment.id, `r${i}`)).status).toBe(201);
    const refused = await reply(comment.id, "one too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.comment.count()).toBe(4);
  });

  it("limits share creation per owner; another owner has its own budget", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.03" }); // 100/hour → 3
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    signIn(owner);
    const create = (ideaId: number) => createShareRoute(post("/api/shares", { ideaId, shareType: "full-access" }), noParams);
    for (let i = 0; i < 3; i++) expect((await create(idea.id)).status).toBe(201);
    expect((await create(idea.id)).status).toBe(429);
    expect(await db.share.count()).toBe(3);
    const other = await createUser();
    const theirs = await createDraft(other.id);
    signIn(other);
    expect((await create(theirs.id)).status).toBe(201);
  });

  it("limits recipient creation per address", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.1" }); // 30/hour → 3
    const owner = await createUser();
    const share = await createShare(owner.id, (await createDraft(owner.id)).id);
    const identify = (i: number) =>
      identifyRoute(post("/api/recipients", { accessToken: share.accessLink, name: "Grace Hopper", email: `grace-${i}@example.com`, phone: "+1 555 0100" }), noParams);
    for (let i = 0; i < 3; i++) expect((await identify(i)).status).toBe(201);
    expect((await identify(3)).status).toBe(429);
    expect(await db.recipient.count()).toBe(3);
  });
});
