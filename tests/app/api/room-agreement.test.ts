import { db } from "@/lib/platform/db";
import { GET as agreementRoute } from "@/app/api/share/[token]/agreement/route";
import { PUT as ndaRoute } from "@/app/api/recipients/[id]/nda/route";
import { GET as itemRoute } from "@/app/api/share/[token]/items/[ideaId]/route";
import { createAgreement } from "@/lib/domain/agreements";
import { findCertificateData } from "@/lib/domain/agreements/certificate-data";
import { buildNdaCertificate } from "@/lib/domain/agreements/certificate-pdf";
import { mailNdaCertificate } from "@/lib/domain/agreements/mail-certificate";
import { ndaEvidenceDigest, ndaEvidenceDocument } from "@/lib/domain/evidence/nda-evidence";
import { evidenceEntries } from "@/lib/domain/evidence-log/read";
import { replaceRoomItems } from "@/lib/domain/rooms";
import { declineNda } from "@/lib/domain/recipients/decline";
import { roomItemsSha256 } from "@/lib/domain/rooms/agreement";
import { ROOM_EMPTY } from "@/lib/domain/rooms/recipient";
import { listOutbox } from "@/lib/platform/email/outbox";
import { TEST_ORIGIN, createPublished, createRecipient, createRoom, createRoomShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";
import { flat, pdfText } from "../../pdf-text";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** A room link's one agreement: its text names every idea by its digest; the acceptance records them and goes to each idea's log. */

const call = (method: string, url: string, body?: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, {
    method,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async (res: Response) => ({
  status: res.status,
  body: await res.json(),
});
const agreement = async (token: string) =>
  json(
    await agreementRoute(call("GET", `/api/share/${token}/agreement`), {
      params: Promise.resolve({ token }),
    }),
  );
const accept = async (id: string, body: Record<string, unknown> = {}) =>
  json(await ndaRoute(call("PUT", `/api/recipients/${id}/nda`, { agreed: true, ...body }), { params: Promise.resolve({ id }) }));

async function setup(linkOptions: Record<string, unknown> = {}) {
  const owner = await createUser({ name: "Fiona Founder" });
  const deck = await createPublished(owner.id, {
    title: "Deck",
    content: "<p>Deck body</p>",
  });
  const study = await createPublished(owner.id, {
    title: "Market study",
    content: "<p>Study body</p>",
  });
  const room = await createRoom(owner.id, [deck.id, study.id], {
    name: "Seed round",
  });
  const link = await createRoomShare(owner.id, room.id, linkOptions);
  const digests = await db.idea.findMany({
    where: { id: { in: [deck.id, study.id] } },
    select: { id: true, contentSha256: true },
  });
  const sha = (id: number) => digests.find((d) => d.id === id)?.contentSha256 as string;
  const items = [
    { ideaId: deck.id, title: "Deck", version: 1, sha256: sha(deck.id) },
    {
      ideaId: study.id,
      title: "Market study",
      version: 1,
      sha256: sha(study.id),
    },
  ];
  Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
  return { owner, deck, study, room, link, items };
}

describe("a room link's agreement", () => {
  it("names the room and each idea with its version and SHA-256; accepting records them, in every idea's log, stamped", async () => {
    const { owner, deck, study, room, link, items } = await setup();
    const recipient = await createRecipient(link, {
      name: "Grace Hopper",
      email: "grace@example.com",
    });
    routeSession.secrets = recipient.secrets;

    const shown = await agreement(link.accessLink);
    expect(shown.status).toBe(200);
    const text: string = shown.body.text;
    expect(text).toContain("Room: Seed round\n");
    expect(text).toContain(`Idea 1: Deck (Idea ID ${deck.id}, version 1, SHA-256 ${items[0].sha256})\n`);
    expect(text).toContain(`Idea 2: Market study (Idea ID ${study.id}, version 1, SHA-256 ${items[1].sha256})\n`);
    expect(text).toContain("concerning the Ideas identified above");
    expect(text).not.toContain("the Idea identified above");
    expect(shown.body.download.fileName).toBe(`NDA-Room-${room.id}.txt`);
    expect(shown.body.download.text).toContain(`Idea 2: Market study (Idea ID ${study.id}`);
    for (const id of [deck.id, study.id]) expect((await evidenceEntries(id)).map((e) => e.type)).toContain("agreement.shown");

    // Before agreeing, no item's content.
    const before = await json(
      await itemRoute(call("GET", `/api/share/${link.accessLink}/items/${deck.id}`), {
        params: Promise.resolve({
          token: link.accessLink,
          ideaId: String(deck.id),
        }),
      }),
    );
    expect(before.body.idea?.content).toBeUndefined();

    const accepted = await accept(recipient.id, {
      agreementSha256: shown.body.sha256,
      signature: "grace  hopper",
    });
    expect(accepted).toMatchObject({
      status: 200,
      body: { id: recipient.id, agreedToNda: true },
    });
    const nda = await db.ndaAcceptance.findUniqueOrThrow({
      where: { recipientId: recipient.id },
      include: { timestamp: true },
    });
    expect(nda).toMatchObject({
      ideaId: null,
      roomId: room.id,
      roomItems: items,
      agreementText: text,
      agreementSha256: shown.body.sha256,
      contentSha256: roomItemsSha256(items),
      version: null,
      signature: "grace hopper",
    });
    // The canonical record names the room and each idea, and it is what the timestamp is asked for.
    const record = JSON.parse(ndaEvidenceDocument(nda).toString("utf8"));
    expect(record).toMatchObject({
      format: "ideavault-nda-acceptance-2",
      room: { id: room.id, items },
      content: { sha256: roomItemsSha256(items) },
    });
    expect(record.idea).toBeUndefined();
    expect(nda.timestamp?.digest).toBe(ndaEvidenceDigest(nda));
    for (const item of items) {
      const entry = (await evidenceEntries(item.ideaId)).find((e) => e.type === "agreement.accepted");
      expect(entry?.data).toMatchObject({
        ndaId: nda.id,
        roomId: room.id,
        contentSha256: item.sha256,
        version: 1,
        recordSha256: ndaEvidenceDigest(nda),
        signed: true,
      });
    }
    const after = await json(
      await itemRoute(call("GET", `/api/share/${link.accessLink}/items/${deck.id}`), {
        params: Promise.resolve({
          token: link.accessLink,
          ideaId: String(deck.id),
        }),
      }),
    );
    expect(after.body.idea.content).toContain("Deck body");
    // Accepting again answers the same record.
    expect((await accept(recipient.id)).status).toBe(200);
    expect(await db.ndaAcceptance.count({ where: { recipientId: recipient.id } })).toBe(1);

    // The certificate (the owner's and the recipient's) names the room and lists each idea with its digest.
    for (const viewer of [
      { userId: owner.id, secrets: [] },
      { userId: null, secrets: recipient.secrets },
    ]) {
      const data = await findCertificateData(nda.id, viewer);
      const pdf = flat(pdfText(await buildNdaCertificate(data, TEST_ORIGIN)));
      expect(pdf).toContain("Seed round");
      expect(pdf).toContain(room.id);
      for (const item of items) expect(pdf).toContain(item.sha256);
    }
    const stranger = await createUser();
    await expect(findCertificateData(nda.id, { userId: stranger.id, secrets: [] })).rejects.toMatchObject({ status: 404 });
  });

  it("mails a proven address its certificate naming the room", async () => {
    const { link } = await setup({
      shareType: "email",
      recipientEmail: "ada@example.com",
    });
    const recipient = await createRecipient(link);
    await db.recipient.update({
      where: { id: recipient.id },
      data: { emailVerifiedAt: new Date(), codeHash: null },
    });
    routeSession.secrets = recipient.secrets;
    expect((await accept(recipient.id)).status).toBe(200);
    const nda = await db.ndaAcceptance.findUniqueOrThrow({
      where: { recipientId: recipient.id },
    });
    expect(await mailNdaCertificate(nda.id)).toBe(true);
    const mails = (await listOutbox()).filter((m) => m.to === "ada@example.com" && m.subject.includes("NDA certificate"));
    expect(mails.at(-1)?.subject).toBe('Your NDA certificate for the room "Seed round"');
  });

  it("an owner's own agreement fills {ideaTitle} with the room's name and lists the ideas in its parties", async () => {
    const owner = await createUser({ name: "Fiona Founder" });
    const deck = await createPublished(owner.id, { title: "Deck" });
    const room = await createRoom(owner.id, [deck.id], { name: "Seed round" });
    const own = await createAgreement(owner.id, {
      title: "Mutual NDA",
      body: "1. Keep {ideaTitle} ({ideaId}) secret.",
    });
    const link = await createRoomShare(owner.id, room.id, {
      agreementId: own.id,
    });
    const recipient = await createRecipient(link);
    Object.assign(routeSession, {
      user: null,
      secrets: recipient.secrets,
      passcodes: {},
    });
    const shown = await agreement(link.accessLink);
    expect(shown.status).toBe(200);
    expect(shown.body.text).toContain(`1. Keep [Idea title: Seed round] ([Idea ID: ${deck.id}]) secret.`);
    expect(shown.body.text).toContain(`Idea 1: Deck (Idea ID ${deck.id}, version 1, SHA-256 `);
    expect((await accept(recipient.id, { agreementSha256: shown.body.sha256 })).status).toBe(200);
    expect(
      await db.ndaAcceptance.findUniqueOrThrow({
        where: { recipientId: recipient.id },
      }),
    ).toMatchObject({ agreementId: own.id, roomId: room.id });
  });

  it("declining goes to every idea's log; an emptied room has no agreement; an item added since is named", async () => {
    const { owner, deck, study, room, link } = await setup();
    const declining = await createRecipient(link);
    routeSession.secrets = declining.secrets;
    expect(await declineNda(declining.id, declining.secrets)).toMatchObject({
      declined: true,
    });
    for (const id of [deck.id, study.id])
      expect((await evidenceEntries(id)).some((e) => e.type === "agreement.declined" && e.data.recipientId === declining.id)).toBe(true);

    const third = await createPublished(owner.id, { title: "Tech note" });
    await replaceRoomItems(owner.id, room.id, {
      items: [{ ideaId: third.id }, { ideaId: deck.id }],
    });
    const reader = await createRecipient(link);
    routeSession.secrets = reader.secrets;
    const shown = await agreement(link.accessLink);
    expect(shown.body.text).toContain(`Idea 1: Tech note (Idea ID ${third.id}`);
    expect(shown.body.text).toContain(`Idea 2: Deck (Idea ID ${deck.id}`);
    expect(shown.body.text).not.toContain("Market study");

    await replaceRoomItems(owner.id, room.id, { items: [] });
    expect(await agreement(link.accessLink)).toMatchObject({
      status: 409,
      body: { error: ROOM_EMPTY },
    });
    expect(await accept(reader.id)).toMatchObject({
      status: 409,
      body: { error: ROOM_EMPTY },
    });
  });

  it("queues one nda.accepted webhook per idea, naming the room", async () => {
    const { owner, deck, study, room, link } = await setup();
    await db.webhookEndpoint.create({
      data: {
        userId: owner.id,
        url: "http://127.0.0.1:9/hook",
        events: ["nda.accepted"],
        secretCiphertext: Buffer.alloc(1),
      },
    });
    const recipient = await createRecipient(link);
    routeSession.secrets = recipient.secrets;
    expect((await accept(recipient.id)).status).toBe(200);
    const deliveries = await db.webhookDelivery.findMany({
      where: { eventType: "nda.accepted", endpoint: { userId: owner.id } },
    });
    const payloads = deliveries.map((d) => JSON.parse(d.payload).data).sort((a, b) => a.ideaId - b.ideaId);
    expect(payloads).toEqual([
      expect.objectContaining({
        ideaId: deck.id,
        ideaTitle: "Deck",
        room: { id: room.id, name: "Seed round" },
        version: 1,
      }),
      expect.objectContaining({
        ideaId: study.id,
        ideaTitle: "Market study",
        room: { id: room.id, name: "Seed round" },
        version: 1,
      }),
    ]);
  });
});
