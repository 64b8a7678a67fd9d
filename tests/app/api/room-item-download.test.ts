import { PDFDocument, StandardFonts } from "pdf-lib";
import { db } from "@/lib/platform/db";
import { createPdfIdea, publishIdea } from "@/lib/domain/ideas";
import { replaceRoomItems } from "@/lib/domain/rooms";
import { watermarkText } from "@/lib/domain/files/watermark";
import { agreedRecipient, createRoom, createRoomShare, createUser, TEST_ORIGIN } from "../../factories";
import { flat, pdfText } from "../../pdf-text";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

import { GET as itemGET } from "@/app/api/share/[token]/items/[ideaId]/route";
import { GET as fileGET } from "@/app/api/files/[id]/route";

/** A room item's PDF downloaded by its reader: marked with their identity and the time of their view of that item. */

const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { origin: TEST_ORIGIN } });

async function pdfOf(line: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([420, 595]).drawText(line, { x: 40, y: 540, size: 14, font });
  return Buffer.from(await doc.save());
}

async function publishedPdf(ownerId: string, title: string) {
  const idea = await createPdfIdea(ownerId, { title, fileName: `${title}.pdf`, data: await pdfOf(`${title} page`) });
  await publishIdea(ownerId, idea.id);
  const { pdfAssetId } = await db.idea.findUniqueOrThrow({ where: { id: idea.id }, select: { pdfAssetId: true } });
  return { id: idea.id, assetId: pdfAssetId! };
}

const openItem = async (token: string, ideaId: number) => {
  const res = await itemGET(get(`/api/share/${token}/items/${ideaId}`), { params: Promise.resolve({ token, ideaId: String(ideaId) }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { watermark: string; accessedAt: string; idea: { content: { pdfPath: string | null } } };
};
const download = (assetId: string) => fileGET(get(`/api/files/${assetId}?download=1`), { params: Promise.resolve({ id: assetId }) });

afterEach(() => {
  Object.assign(routeSession, { user: null, secrets: [], passcodes: {} });
});

describe("GET /api/files/{id} for a room item's PDF", () => {
  it("carries the reader's identity and the time they opened that item, not the window's start; an item not yet opened, or with downloads off, is a 404", async () => {
    const ada = await createUser({ name: "Ada Lovelace" });
    const deck = await publishedPdf(ada.id, "Deck");
    const study = await publishedPdf(ada.id, "Study");
    const memo = await publishedPdf(ada.id, "Memo");
    const room = await createRoom(ada.id, [deck.id, study.id, memo.id], { name: "Seed round" });
    // Downloads on for the room's link, off for the memo alone.
    await replaceRoomItems(ada.id, room.id, { items: [{ ideaId: deck.id }, { ideaId: study.id }, { ideaId: memo.id, allowDownload: false }] });
    const link = await createRoomShare(ada.id, room.id, { allowDownload: true });
    const rita = await agreedRecipient(link, { name: "Rita Reader", email: "rita@example.com" });
    routeSession.secrets = rita.secrets;

    // The deck opened ten minutes ago starts the window; the study is opened now, inside it.
    const deckView = await openItem(link.accessLink, deck.id);
    expect(deckView.idea.content.pdfPath).not.toBeNull();
    const earlier = new Date(Date.now() - 10 * 60_000);
    await db.viewEvent.updateMany({ where: { recipientId: rita.id, ideaId: deck.id }, data: { viewedAt: earlier } });
    await db.recipient.update({ where: { id: rita.id }, data: { viewStartedAt: earlier } });
    // Not opened in this window yet: no view to mark the copy with.
    expect((await download(study.assetId)).status).toBe(404);
    const studyView = await openItem(link.accessLink, study.id);
    const studyAt = new Date(studyView.accessedAt);
    expect(studyAt.getTime()).toBeGreaterThan(earlier.getTime() + 9 * 60_000);

    for (const [asset, at, title] of [[study.assetId, studyAt, "Study"], [deck.assetId, earlier, "Deck"]] as const) {
      const res = await download(asset);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const text = flat(pdfText(Buffer.from(await res.arrayBuffer())));
      expect(text).toContain(`${title} page`);
      const minute = at.toISOString().slice(0, 16).replace("T", " ");
      expect(text).toContain(`Confidential, shared under NDA with Rita Reader <rita@example.com> via IdeaVault · accessed ${minute} UTC`);
    }
    // The viewer's overlay for the study and its downloaded copy name the same time.
    expect(studyView.watermark).toBe(watermarkText({ name: "Rita Reader", email: "rita@example.com", accessedAt: studyAt }));

    // The memo's download switch is off: its content comes without the PDF's address, and the file is refused.
    const memoView = await openItem(link.accessLink, memo.id);
    expect(memoView.idea.content.pdfPath).toBeNull();
    expect((await download(memo.assetId)).status).toBe(404);
    // Each download is logged in its own idea's evidence log.
    const logged = await db.evidenceEntry.findMany({ where: { type: "file.downloaded" }, select: { ideaId: true } });
    expect(logged.map((e) => e.ideaId).sort()).toEqual([deck.id, study.id].sort());
  });
});
