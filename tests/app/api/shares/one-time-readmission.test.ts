import { db } from "@/lib/platform/db";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { evidenceEntries } from "@/lib/domain/evidence-log/read";
import { listActivity } from "@/lib/domain/activity";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPublished, createShare, createUser } from "../../../factories";
import { routeSession } from "../../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

import { GET as lookupRoute } from "@/app/api/share/[token]/route";
import { GET as refusalRoute } from "@/app/api/share/[token]/refusal/route";
import { POST as readmitRoute } from "@/app/api/shares/[id]/recipients/[recipientId]/readmit/route";

/** A used-up one-time link tells the browser that used it so; the owner may let one recipient back in. */

const USED = "You have already opened this one-time link; ask Fiona Founder for a new one";
type Owner = { id: string; name: string; email: string };

function asOwner(owner: Owner) {
  Object.assign(routeSession, { user: { ...owner, profileImage: null }, secrets: [], passcodes: {} });
}
function asBrowser(secrets: string[]) {
  Object.assign(routeSession, { user: null, secrets, passcodes: {} });
}
const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { origin: TEST_ORIGIN } });
const lookup = (token: string) => lookupRoute(get(`/api/share/${token}`), { params: Promise.resolve({ token }) });
const refusal = async (token: string) => (await refusalRoute(get(`/api/share/${token}/refusal`), { params: Promise.resolve({ token }) })).json();
const readmit = (shareId: string, recipientId: string) =>
  readmitRoute(new Request(`${TEST_ORIGIN}/api/shares/${shareId}/recipients/${recipientId}/readmit`, { method: "POST", headers: { origin: TEST_ORIGIN } }), {
    params: Promise.resolve({ id: shareId, recipientId }),
  });

async function oneTimeLink(maxViews: number | null = null) {
  const owner = await createUser({ name: "Fiona Founder" });
  const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Secret plan</p>" });
  const share = await createShare(owner.id, idea.id, { shareType: "one-time", maxViews });
  return { owner, idea, share };
}

describe("a used-up one-time link", () => {
  it("tells the browser that opened it, by the owner's name; other browsers keep the plain 404", async () => {
    const { share } = await oneTimeLink(2);
    const grace = await agreedRecipient(share, { name: "Grace Hopper" });
    const ada = await agreedRecipient(share, { name: "Ada Lovelace" });
    asBrowser(grace.secrets);
    expect(await refusal(share.accessLink)).toEqual({ message: null }); // not opened yet
    expect((await lookup(share.accessLink)).status).toBe(200);

    // Grace comes back, inside her window and after it.
    const again = await lookup(share.accessLink);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: USED, oneTimeUsed: true });
    expect(await refusal(share.accessLink)).toEqual({ message: USED });
    await db.recipient.update({ where: { id: grace.id }, data: { viewWindowEndsAt: new Date(Date.now() - 1000) } });
    await expect(getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404, message: USED });

    // Ada has not opened it: she still may; a browser holding nothing gets what it always got.
    asBrowser(ada.secrets);
    expect(await refusal(share.accessLink)).toEqual({ message: null });
    expect((await lookup(share.accessLink)).status).toBe(200);
    asBrowser([]);
    expect(await refusal(share.accessLink)).toEqual({ message: null });
    const stranger = await lookup(share.accessLink);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ success: false, error: "This link is invalid or has expired." });
  });

  it("a revoked one-time link is the plain 404 even to the browser that opened it", async () => {
    const { share } = await oneTimeLink();
    const grace = await agreedRecipient(share);
    await getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT);
    await db.share.update({ where: { id: share.id }, data: { revokedAt: new Date() } });
    asBrowser(grace.secrets);
    expect(await (await lookup(share.accessLink)).json()).toEqual({ success: false, error: "This link is invalid or has expired." });
    expect((await refusalRoute(get(`/api/share/${share.accessLink}/refusal`), { params: Promise.resolve({ token: share.accessLink }) })).status).toBe(404);
  });
});

describe("POST /api/shares/{id}/recipients/{recipientId}/readmit ('Let back in')", () => {
  it("lets that recipient alone open the link once more, logged in the evidence log and on the timeline", async () => {
    const { owner, idea, share } = await oneTimeLink();
    const grace = await agreedRecipient(share, { name: "Grace Hopper" });
    const ada = await agreedRecipient(share, { name: "Ada Lovelace" });
    await getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT);
    await expect(getSharedIdea(share.accessLink, ada.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 }); // used up

    asOwner(owner);
    const listed = await listShareRecipients(owner.id, share.id);
    expect(Object.fromEntries(listed.map((r) => [r.name, r.readmission]))).toEqual({ "Grace Hopper": "possible", "Ada Lovelace": "possible" });
    const res = await readmit(share.id, grace.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: grace.id, name: "Grace Hopper", readmission: "granted" });
    expect((await listShareRecipients(owner.id, share.id)).find((r) => r.id === grace.id)?.readmission).toBe("granted");
    // Asked twice: already let back in.
    const twice = await readmit(share.id, grace.id);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: "This recipient can already open the link" });

    // Grace opens it once more (a new view, past the limit); Ada stays refused; then Grace is used up again.
    asBrowser(grace.secrets);
    expect(await refusal(share.accessLink)).toEqual({ message: null });
    expect((await getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT)).idea.content).toBeDefined();
    await expect(getSharedIdea(share.accessLink, ada.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    await expect(getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404, message: USED });
    expect(await db.viewEvent.count({ where: { shareId: share.id, recipientId: grace.id } })).toBe(2);
    expect((await db.recipient.findUniqueOrThrow({ where: { id: grace.id } })).readmittedAt).toBeNull();

    const log = await evidenceEntries(idea.id);
    const entry = log.find((e) => e.type === "recipient.readmitted");
    expect(entry?.data).toMatchObject({ shareId: share.id, recipientId: grace.id });
    const page = await listActivity(owner.id, idea.id, { limit: 50 });
    const change = page.events.find((e) => e.type === "link_changed" && e.detail === "let a recipient back in for one more view");
    expect(change).toBeDefined();
    // The timeline's event names its log entry (the readmission's).
    expect(change).toMatchObject({ log: { seq: entry!.seq } });
  });

  it("a used-up time-limited link: the recipient outside its window may be let back in", async () => {
    const owner = await createUser({ name: "Fiona Founder" });
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id, { shareType: "time-dependent", maxViews: 1 });
    const grace = await agreedRecipient(share);
    await getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT);
    asOwner(owner);
    // Inside her window she can still read: not needed.
    expect((await readmit(share.id, grace.id)).status).toBe(409);
    await db.recipient.update({ where: { id: grace.id }, data: { viewWindowEndsAt: new Date(Date.now() - 1000) } });
    await expect(getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 404 });
    expect((await readmit(share.id, grace.id)).status).toBe(200);
    expect((await getSharedIdea(share.accessLink, grace.secrets, TEST_CLIENT)).idea.content).toBeDefined();
  });

  it("409 when not needed, 404 for another owner's link or a recipient of another link", async () => {
    const { owner, share } = await oneTimeLink(3);
    const grace = await agreedRecipient(share);
    asOwner(owner);
    const open = await readmit(share.id, grace.id);
    expect(open.status).toBe(409);
    expect(await open.json()).toMatchObject({ error: "This recipient can already open the link" });

    const other = await createUser({ name: "Mallory" });
    const otherShare = await createShare(other.id, (await createPublished(other.id)).id, { shareType: "one-time" });
    const stranger = await agreedRecipient(otherShare);
    expect((await readmit(otherShare.id, stranger.id)).status).toBe(404);
    expect((await readmit(share.id, stranger.id)).status).toBe(404);
    asOwner(other);
    expect((await readmit(share.id, grace.id)).status).toBe(404);
  });
});
