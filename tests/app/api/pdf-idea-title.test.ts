import { createPdfDraft, createUser } from "../../factories";
import { db } from "@/lib/platform/db";
import { publishIdea } from "@/lib/domain/ideas";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { routeSession } from "../../route-harness";
import { GET as getIdea, PUT as updateIdea } from "@/app/api/ideas/[id]/route";

const put = (id: number, body: unknown) =>
  updateIdea(
    new Request(`http://localhost/api/ideas/${id}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ id: String(id) }) },
  );

/** A PDF idea's title can be changed before publishing, through the same PUT and the shared title schema. */
describe("PUT /api/ideas/{id}: a PDF idea's title", () => {
  let ownerId: string;
  beforeEach(async () => {
    const user = await createUser();
    ownerId = user.id;
    session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
  });

  const stored = async (id: number) => db.idea.findUniqueOrThrow({ where: { id } });

  it("takes a title alone, trimmed, and keeps the file", async () => {
    const idea = await createPdfDraft(ownerId, "Deck");
    const before = await stored(idea.id);
    const res = await put(idea.id, { title: "  Deck for investors  " });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { title: string; kind: string; content: unknown };
    expect(body).toMatchObject({ title: "Deck for investors", kind: "pdf" });
    expect(body.content).toEqual(idea.content);
    const after = await stored(idea.id);
    expect(Buffer.from(after.contentCiphertext).equals(Buffer.from(before.contentCiphertext))).toBe(true);
    expect(after.pdfAssetId).toBe(before.pdfAssetId);
    const read = await getIdea(new Request(`http://localhost/api/ideas/${idea.id}`), { params: Promise.resolve({ id: String(idea.id) }) });
    expect(((await read.json()) as { title: string }).title).toBe("Deck for investors");
  });

  it("takes the title with the idea's own content resent (what the editor sends, spec §7)", async () => {
    const idea = await createPdfDraft(ownerId, "Plan");
    const res = await put(idea.id, { title: "Plan B", content: idea.content });
    expect(res.status).toBe(200);
    expect((await stored(idea.id)).title).toBe("Plan B");
  });

  it.each([
    ["blank", "   ", "Please enter a title for your idea"],
    ["too long", "x".repeat(201), "Title must be at most 200 characters"],
    ["missing", undefined, "Please enter a title for your idea"],
  ])("refuses a %s title with 400 and changes nothing", async (_kind, title, message) => {
    const idea = await createPdfDraft(ownerId, "Steady");
    const res = await put(idea.id, title === undefined ? {} : { title });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
    expect((await stored(idea.id)).title).toBe("Steady");
  });

  it("a published PDF idea keeps its title (409); another creator's is a 404", async () => {
    const idea = await createPdfDraft(ownerId, "Final");
    await publishIdea(ownerId, idea.id);
    expect((await put(idea.id, { title: "Changed after publishing" })).status).toBe(409);
    expect((await stored(idea.id)).title).toBe("Final");

    const other = await createUser();
    session.user = { id: other.id, name: other.name, email: other.email, profileImage: null };
    expect((await put(idea.id, { title: "Not mine" })).status).toBe(404);
  });
});
