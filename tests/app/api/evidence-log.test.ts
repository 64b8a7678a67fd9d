import { createPublished, createShare, createUser, TEST_ORIGIN } from "../../factories";
import { routeSession } from "../../route-harness";
import { verifyLog } from "@/lib/domain/evidence-log/verify";
import { runLogAnchorJob } from "@/lib/domain/evidence-log/anchor";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET as logGET } from "@/app/api/ideas/[id]/evidence/log/route";

const get = (id: string | number) => logGET(new Request(`${TEST_ORIGIN}/api/ideas/${id}/evidence/log`), { params: Promise.resolve({ id: String(id) }) });
const signIn = (u: { id: string; name: string; email: string }) => {
  routeSession.user = { id: u.id, name: u.name, email: u.email, profileImage: null };
};

afterEach(() => {
  routeSession.user = null;
});

describe("GET /api/ideas/{id}/evidence/log", () => {
  it("streams the owner's log as JSON Lines: entries, then the anchor line after the entry it covered", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    await runLogAnchorJob(new Date("2026-11-27T09:00:00.000Z"));
    const share = await createShare(owner.id, idea.id);
    signIn(owner);
    const res = await get(idea.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    expect(text.endsWith("}\n")).toBe(true);
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    const [published, anchor, created] = lines.map((l) => JSON.parse(l));
    expect(Object.keys(published)).toEqual(["seq", "at", "type", "data", "prev", "hash"]);
    expect(published).toMatchObject({ seq: 1, type: "version.published", prev: "0".repeat(64), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(published.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(anchor).toEqual({ anchor: { root: expect.stringMatching(/^[0-9a-f]{64}$/), path: [], at: "2026-11-27T09:00:00.000Z", ots: null, tsr: null } });
    expect(created).toMatchObject({ seq: 2, type: "link.created", prev: published.hash, data: { shareId: share.id } });
    expect(verifyLog(lines)).toMatchObject({ valid: true, entries: 2, anchors: 1 });
  });

  it("is the owner's alone: 404 for another account's idea or a bad id, 401 signed out", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    expect((await get(idea.id)).status).toBe(401);
    signIn(await createUser());
    const other = await get(idea.id);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect((await get("abc")).status).toBe(404);
  });
});
