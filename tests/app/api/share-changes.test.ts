import { db } from "@/lib/platform/db";
import { listActivity } from "@/lib/domain/activity";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { findLiveShare } from "@/lib/domain/gate/lookup";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { requireReader } from "@/lib/domain/gate";
import { enterPasscode } from "@/lib/domain/recipients/passcode";
import { getSharedIdea, lookupSharedIdea } from "@/lib/domain/shares/views";
import { PATCH as patchShareRoute } from "@/app/api/shares/[id]/route";
import { DELETE as revokeAllRoute, GET as listRoute } from "@/app/api/ideas/[id]/shares/route";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPdfDraft, createPublished, createRecipient, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** Naming and changing links after they went out; every change reaches recipients on their next call. */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const json = (method: string, url: string, body?: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, { method, headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const patch = async (id: string, body: unknown) => {
  const res = await patchShareRoute(json("PATCH", `/api/shares/${id}`, body), { params: Promise.resolve({ id }) });
  return { status: res.status, body: await res.json() };
};
const future = (ms = 86_400_000) => new Date(Date.now() + ms).toISOString();

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Secret plan</p>" });
  asOwner(owner);
  return { owner, idea };
}

describe("PATCH /api/shares/{id}", () => {
  it("changes the name, expiry, view limit and options; never the type or the idea; owner only", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id, { shareType: "time-dependent", maxViews: 5 });
    const expiresAt = future(2 * 86_400_000);
    const changed = await patch(share.id, { name: "Sequoia, partner meeting", expiresAt, maxViews: 3, allowDownload: true, screenShield: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: share.id, name: "Sequoia, partner meeting", expiresAt: new Date(expiresAt).toISOString(), maxViews: 3, allowDownload: true, screenShield: true, shareType: "time-dependent" });

    for (const body of [{ shareType: "full-access" }, { ideaId: 99 }, { name: "x", accessLink: "A".repeat(43) }]) {
      const refused = await patch(share.id, body);
      expect(refused.status).toBe(400);
    }
    // Bad fields are reported on their field, by path.
    const past = await patch(share.id, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past).toMatchObject({ status: 400, body: { issues: [expect.objectContaining({ path: ["expiresAt"] })] } });
    const zero = await patch(share.id, { maxViews: 0 });
    expect(zero).toMatchObject({ status: 400, body: { issues: [expect.objectContaining({ path: ["maxViews"] })] } });
    const twoLines = await patch(share.id, { name: "Sequoia\nTerms: none" });
    expect(twoLines).toMatchObject({ status: 400, body: { issues: [expect.objectContaining({ path: ["name"] })] } });

    // null clears the name, the expiry and the limit.
    expect((await patch(share.id, { name: null, expiresAt: null, maxViews: null })).body).toMatchObject({ name: null, expiresAt: null, maxViews: null });
    const stored = await db.share.findUniqueOrThrow({ where: { id: share.id } });
    expect(stored).toMatchObject({ shareType: "time_dependent", ideaId: idea.id, name: null });

    const stranger = await createUser();
    asOwner(stranger);
    expect((await patch(share.id, { name: "Mine now" })).status).toBe(404);
    expect((await db.share.findUniqueOrThrow({ where: { id: share.id } })).name).toBeNull();
  });

  it("lowering maxViews below the views already used closes the link to newcomers", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id, { shareType: "time-dependent", maxViews: 5 });
    for (let i = 0; i < 2; i++) {
      const r = await agreedRecipient(share);
      await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    }
    await expect(findLiveShare(share.accessLink)).resolves.toBeTruthy();
    expect((await patch(share.id, { maxViews: 1 })).status).toBe(200);
    await expect(findLiveShare(share.accessLink)).rejects.toMatchObject({ status: 404, message: INVALID_LINK });
    await expect(createRecipient(share)).rejects.toMatchObject({ status: 404 });
  });

  it("applies to a recipient in the middle of a session: expiry, download, passcode added and removed", async () => {
    const { owner } = await setup();
    const pdf = await createPdfDraft(owner.id);
    const share = await createShare(owner.id, pdf.id, { shareType: "full-access" });
    const reader = await agreedRecipient(share);
    const first = await getSharedIdea(share.accessLink, reader.secrets, TEST_CLIENT);
    expect(first.idea.content).toMatchObject({ type: "pdf", pdfPath: null });

    await patch(share.id, { allowDownload: true, screenShield: true });
    const second = await getSharedIdea(share.accessLink, reader.secrets, TEST_CLIENT);
    expect(second).toMatchObject({ allowDownload: true, screenShield: true, idea: { content: { type: "pdf", pdfPath: expect.any(String) } } });

    // A passcode added after the reader started: the next call asks for it, and nothing reads until it is given.
    expect((await patch(share.id, { passcode: "late passcode" })).body).toMatchObject({ hasPasscode: true });
    expect(await lookupSharedIdea(await findLiveShare(share.accessLink), reader.secrets, TEST_CLIENT, {})).toEqual({ requiresPasscode: true, sender: owner.name });
    await expect(requireReader(share.accessLink, reader.secrets)).rejects.toMatchObject({ status: 404 });
    await enterPasscode(share.accessLink, "late passcode", reader.secrets);
    await expect(requireReader(share.accessLink, reader.secrets)).resolves.toMatchObject({ recipient: { id: reader.id } });

    // Removed: nobody is asked any more.
    expect((await patch(share.id, { passcode: null })).body).toMatchObject({ hasPasscode: false });
    const other = await agreedRecipient(share);
    expect((await lookupSharedIdea(await findLiveShare(share.accessLink), other.secrets, TEST_CLIENT, {})) as { idea?: unknown }).toHaveProperty("idea");

    // An expiry moved into the past is refused by the rules; a near one ends the session when it passes.
    await patch(share.id, { expiresAt: future(60_000) });
    await db.share.update({ where: { id: share.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(getSharedIdea(share.accessLink, reader.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
  });

  it("the activity timeline records each change in words, never the passcode; a revoked link cannot be changed", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id, { shareType: "one-time" });
    await patch(share.id, { name: "Sequoia", maxViews: 2, passcode: "secret passcode" });
    await patch(share.id, { name: "Sequoia" }); // nothing changed: nothing recorded
    const { events } = await listActivity(owner.id, idea.id);
    const changes = events.filter((e) => e.type === "link_changed");
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ label: "Link changed", actor: "Fiona Founder", link: { id: share.id, label: "Sequoia · One-time view" } });
    expect(changes[0].detail).toBe("name: 'Sequoia'; maximum views unlimited → 2; passcode added");
    expect(JSON.stringify(events)).not.toContain("secret passcode");

    await db.share.update({ where: { id: share.id }, data: { revokedAt: new Date() } });
    expect((await patch(share.id, { name: "Again" })).status).toBe(409);
  });
});

describe("DELETE /api/ideas/{id}/shares ('Revoke all links')", () => {
  it("revokes every live link of the idea at once, owner only", async () => {
    const { owner, idea } = await setup();
    const a = await createShare(owner.id, idea.id);
    const b = await createShare(owner.id, idea.id, { shareType: "one-time" });
    const reader = await agreedRecipient(a);
    await getSharedIdea(a.accessLink, reader.secrets, TEST_CLIENT);
    const stranger = await createUser();
    asOwner(stranger);
    expect((await revokeAllRoute(json("DELETE", `/api/ideas/${idea.id}/shares`), { params: Promise.resolve({ id: String(idea.id) }) })).status).toBe(404);

    asOwner(owner);
    const res = await revokeAllRoute(json("DELETE", `/api/ideas/${idea.id}/shares`), { params: Promise.resolve({ id: String(idea.id) }) });
    expect(await res.json()).toEqual({ success: true, revoked: 2 });
    const listed = await (await listRoute(json("GET", `/api/ideas/${idea.id}/shares`), { params: Promise.resolve({ id: String(idea.id) }) })).json();
    expect(listed.map((s: { id: string; revokedAt: string | null }) => [s.id, s.revokedAt !== null]).sort()).toEqual([[a.id, true], [b.id, true]].sort());
    await expect(getSharedIdea(a.accessLink, reader.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    const again = await revokeAllRoute(json("DELETE", `/api/ideas/${idea.id}/shares`), { params: Promise.resolve({ id: String(idea.id) }) });
    expect(await again.json()).toEqual({ success: true, revoked: 0 });
  });
});

describe("the same address identifying twice on one link", () => {
  it("is one recipient with several visits in the owner's evidence", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id);
    const first = await agreedRecipient(share, { email: "rita@example.com", name: "Rita Reader" });
    await getSharedIdea(share.accessLink, first.secrets, TEST_CLIENT);
    const second = await createRecipient(share, { email: "Rita@Example.com", name: "Rita R." });
    const someoneElse = await createRecipient(share, { email: "sam@example.com" });
    const listed = await listShareRecipients(owner.id, share.id);
    expect(listed).toHaveLength(2);
    const rita = listed.find((r) => r.email === "rita@example.com")!;
    expect(rita).toMatchObject({ id: second.id, name: "Rita R.", visits: 2, nda: { id: expect.any(String) } });
    expect(rita.views).toHaveLength(1);
    expect(listed.find((r) => r.id === someoneElse.id)).toMatchObject({ visits: 1 });
  });
});
