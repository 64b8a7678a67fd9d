import { agreedRecipient, createPublished, createRoom, createRoomShare, createShare, createUser, TEST_ORIGIN } from "../../factories";
import { runStamping, useFakeNetwork } from "../../lib/domain/timestamps/helpers";
import { runJobsUntilIdle } from "@/lib/features/jobs/worker";
import { bytesOf, sha256, text, unzip } from "../../support/unzip";
import { db } from "@/lib/platform/db";
import { replaceRoomItems } from "@/lib/domain/rooms";
import { ndaEvidenceDocument } from "@/lib/domain/evidence/nda-evidence";
import { summary, verifyPack } from "@/lib/domain/evidence/verify-html/checks";
import type { Receipt } from "@/lib/domain/evidence/receipt";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

import { GET as packGET } from "@/app/api/ideas/[id]/evidence.zip/route";
import { GET as ndasGET } from "@/app/api/ideas/[id]/ndas/route";
import { GET as ndaTimestampGET } from "@/app/api/ndas/[id]/timestamp/route";
import { GET as itemGET } from "@/app/api/share/[token]/items/[ideaId]/route";
import { asBrowser, routeSession } from "../../route-harness";

/** An acceptance made through a room's link is evidence for each idea its agreement listed, in that idea's own evidence. */

useFakeNetwork({ calendars: 2, explorers: 1 });

const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { origin: TEST_ORIGIN } });
const packCall = (ideaId: number) => packGET(get(`/api/ideas/${ideaId}/evidence.zip`), { params: Promise.resolve({ id: String(ideaId) }) });
const ndasCall = async (ideaId: number) => {
  const res = await ndasGET(get(`/api/ideas/${ideaId}/ndas`), { params: Promise.resolve({ id: String(ideaId) }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; name: string; room: null | { id: string; name: string; item: { ideaId: number; title: string; version: number; sha256: string } } }[];
};
/** The recipient opens one item of the room, as their browser would. */
const openItem = (token: string, ideaId: number, secrets: string[]) =>
  asBrowser({ secrets, passcodes: {} }, async () => {
    const res = await itemGET(get(`/api/share/${token}/items/${ideaId}`), { params: Promise.resolve({ token, ideaId: String(ideaId) }) });
    expect(res.status).toBe(200);
  });

async function setup() {
  const ada = await createUser({ name: "Ada Lovelace" });
  const kettle = await createPublished(ada.id, { title: "Solar Kettle", content: "<p>Boil with sunlight</p>" });
  const loom = await createPublished(ada.id, { title: "Punch-card Loom", content: "<p>Weave by program</p>" });
  const lamp = await createPublished(ada.id, { title: "Tide Lamp", content: "<p>Light from the sea</p>" });
  const seed = await createRoom(ada.id, [loom.id, kettle.id], { name: "Seed round" });
  const partners = await createRoom(ada.id, [lamp.id], { name: "Partners" });
  const seedLink = await createRoomShare(ada.id, seed.id);
  // Rita agrees once for the seed room and reads both of its ideas; Bob agrees in a room that never held the kettle.
  const rita = await agreedRecipient(seedLink, { name: "Rita Reader", email: "rita@example.com" });
  await openItem(seedLink.accessLink, kettle.id, rita.secrets);
  await openItem(seedLink.accessLink, loom.id, rita.secrets);
  const bob = await agreedRecipient(await createRoomShare(ada.id, partners.id), { name: "Bob Other", email: "bob@example.com" });
  const grace = await agreedRecipient(await createShare(ada.id, kettle.id), { name: "Grace Hopper", email: "grace@example.com" });
  const nda = (recipientId: string) => db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId }, include: { timestamp: true } });
  routeSession.user = { id: ada.id, name: ada.name, email: ada.email, profileImage: null };
  return { ada, kettle, loom, lamp, seed, seedLink, rita, bob, grace, ritaNda: await nda(rita.id), bobNda: await nda(bob.id), graceNda: await nda(grace.id) };
}

afterEach(() => {
  Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
});

describe("a room acceptance in the evidence of each idea its agreement listed", () => {
  it("GET /api/ideas/{id}/ndas lists it, naming the room and the idea as listed; not one from a room that never held the idea; still after the idea leaves the room", async () => {
    const { ada, kettle, loom, lamp, seed, ritaNda, bobNda, graceNda } = await setup();
    const kettleSha = (await db.ideaVersion.findFirstOrThrow({ where: { ideaId: kettle.id, version: 1 } })).contentSha256;
    const listed = await ndasCall(kettle.id);
    expect(listed.map((n) => n.id).sort()).toEqual([ritaNda.id, graceNda.id].sort());
    expect(listed.find((n) => n.id === graceNda.id)!.room).toBeNull();
    expect(listed.find((n) => n.id === ritaNda.id)).toMatchObject({
      name: "Rita Reader",
      room: { id: seed.id, name: "Seed round", item: { ideaId: kettle.id, title: "Solar Kettle", version: 1, sha256: kettleSha } },
    });
    expect((await ndasCall(lamp.id)).map((n) => n.id)).toEqual([bobNda.id]);

    // The acceptance's own list is the evidence: the room dropping the kettle later does not take it back.
    await replaceRoomItems(ada.id, seed.id, { items: [{ ideaId: loom.id }] });
    expect((await ndasCall(kettle.id)).map((n) => n.id)).toContain(ritaNda.id);

    // The room's owner reads its timestamp as an idea acceptance's.
    const ts = await ndaTimestampGET(get(`/api/ndas/${ritaNda.id}/timestamp`), { params: Promise.resolve({ id: ritaNda.id }) });
    expect(ts.status).toBe(200);
    expect(await ts.json()).toMatchObject({ digest: ritaNda.timestamp!.digest });
    routeSession.user = { id: "someoneelse12345", name: "Eve", email: "eve@example.com", profileImage: null };
    expect((await ndaTimestampGET(get(`/api/ndas/${ritaNda.id}/timestamp`), { params: Promise.resolve({ id: ritaNda.id }) })).status).toBe(404);
  });

  it("the idea's pack holds it (certificate, record, proofs) marked with the room, and the room reader's receipt of this idea alone; not another room's; verify.html passes", async () => {
    const { kettle, loom, seed, seedLink, rita, bob, ritaNda, bobNda, graceNda } = await setup();
    await runStamping();
    await runJobsUntilIdle(["tsa"]);
    const res = await packCall(kettle.id);
    expect(res.status).toBe(200);
    const packBytes = Buffer.from(await res.arrayBuffer());
    const zip = unzip(packBytes);
    expect(zip.bad).toBeNull();

    const folder = `agreements/${ritaNda.id}`;
    expect(zip.names).toEqual(
      expect.arrayContaining([`${folder}/nda-certificate-${ritaNda.id}.pdf`, `${folder}/nda-acceptance-${ritaNda.id}.json`, `${folder}/nda-acceptance-${ritaNda.id}.json.ots`]),
    );
    const record = bytesOf(zip.entries[`${folder}/nda-acceptance-${ritaNda.id}.json`]);
    expect(record).toEqual(ndaEvidenceDocument(ritaNda));
    expect(sha256(record)).toBe(ritaNda.timestamp!.digest);
    expect(zip.names.join("\n")).not.toContain(bobNda.id);

    const manifest = JSON.parse(text(zip.entries["manifest.json"])) as { agreements: { id: string; room?: { id: string; name: string } }[] };
    const byId = new Map(manifest.agreements.map((a) => [a.id, a]));
    expect(byId.get(ritaNda.id)!.room).toEqual({ id: seed.id, name: "Seed round" });
    expect(byId.get(graceNda.id)!.room).toBeUndefined();
    expect([...byId.keys()].sort()).toEqual([ritaNda.id, graceNda.id].sort());

    // Rita's receipt: her agreement for the room, and her reading of the kettle through it (not of the loom).
    const receipt = JSON.parse(text(zip.entries[`receipts/${rita.id}.json`])) as Receipt;
    expect(receipt).toMatchObject({ idea: null, room: { id: seed.id, name: "Seed round", onlyIdeaId: kettle.id }, link: { id: seedLink.id }, agreement: { id: ritaNda.id } });
    expect(receipt.views.map((v) => v.ideaId)).toEqual([kettle.id]);
    expect(receipt.versionsRead.map((v) => v.ideaId)).toEqual([kettle.id]);
    expect(receipt.log.length).toBeGreaterThan(0);
    expect(receipt.log.every((e) => e.ideaId === kettle.id)).toBe(true);
    expect(receipt.whenLog.agreedAt).not.toBeNull();
    expect(zip.names).not.toContain(`receipts/${bob.id}.json`);
    // The loom's pack has Rita's reading of the loom.
    const loomZip = unzip(Buffer.from(await (await packCall(loom.id)).arrayBuffer()));
    const loomReceipt = JSON.parse(text(loomZip.entries[`receipts/${rita.id}.json`])) as Receipt;
    expect(loomReceipt.views.map((v) => v.ideaId)).toEqual([loom.id]);

    const checks = await verifyPack(new Uint8Array(packBytes));
    expect(summary(checks)).toBe(`All ${checks.length} checks passed`);
  });
});
