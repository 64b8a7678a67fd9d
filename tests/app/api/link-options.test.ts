import { db } from "@/lib/platform/db";
import { uploadEditorImage } from "@/lib/domain/ideas/images";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { GET as shareRoute } from "@/app/api/share/[token]/route";
import { GET as fileRoute } from "@/app/api/files/[id]/route";
import { GET as shareStampedFile } from "@/app/api/share/[token]/timestamp/file/route";
import { GET as ownerStampedFile } from "@/app/api/ideas/[id]/timestamp/file/route";
import { PNG, TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPdfDraft, createPublished, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

const asOwner = (u: { id: string; name: string; email: string }) => Object.assign(session, { user: { id: u.id, name: u.name, email: u.email, profileImage: null }, secrets: [] });
const asRecipient = (secrets: string[]) => Object.assign(session, { user: null, secrets });
const get = (url: string) => new Request(`${TEST_ORIGIN}${url}`, { headers: { "user-agent": TEST_CLIENT.userAgent } });
const post = (body: unknown) =>
  createShareRoute(new Request(`${TEST_ORIGIN}/api/shares`, { method: "POST", headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, body: JSON.stringify(body) }), { params: Promise.resolve({}) });
const file = (id: string) => fileRoute(get(`/api/files/${id}`), { params: Promise.resolve({ id }) });

describe("link options: allowDownload and screenShield", () => {
  afterEach(() => asRecipient([]));

  it("POST /api/shares takes both (default false), returns them, and GET /api/share/{token} says them", async () => {
    const owner = await createUser();
    const idea = await createPdfDraft(owner.id);
    asOwner(owner);
    const plain = await post({ ideaId: idea.id, shareType: "full-access" });
    expect(plain.status).toBe(201);
    expect(await plain.json()).toMatchObject({ allowDownload: false, screenShield: false });
    const both = await post({ ideaId: idea.id, shareType: "full-access", allowDownload: true, screenShield: true });
    const created = await both.json();
    expect(created).toMatchObject({ allowDownload: true, screenShield: true });
    expect(await db.share.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ allowDownload: true, screenShield: true });
    const bad = await post({ ideaId: idea.id, shareType: "full-access", allowDownload: "yes" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("allowDownload must be true or false");

    asRecipient([]);
    const token = created.accessLink as string;
    const res = await shareRoute(get(`/api/share/${token}`), { params: Promise.resolve({ token }) });
    expect(await res.json()).toMatchObject({ allowDownload: true, screenShield: true, recipient: null });
  });

  it("download off: the recipient never gets the PDF's bytes nor its address; on: the marked PDF", async () => {
    const owner = await createUser();
    const idea = await createPdfDraft(owner.id);
    const assetId = (await db.idea.findUniqueOrThrow({ where: { id: idea.id } })).pdfAssetId!;
    const off = await createShare(owner.id, idea.id);
    const on = await createShare(owner.id, idea.id, { allowDownload: true });
    const offReader = await agreedRecipient(off);
    const onReader = await agreedRecipient(on);

    const offView = await getSharedIdea(off.accessLink, offReader.secrets, TEST_CLIENT);
    expect(offView.idea.content).toEqual({ type: "pdf", fileName: "Whitepaper.pdf", pdfPath: null });
    asRecipient(offReader.secrets);
    expect((await file(assetId)).status).toBe(404);
    expect((await file(assetId)).headers.get("content-type")).toContain("application/json");

    const onView = await getSharedIdea(on.accessLink, onReader.secrets, TEST_CLIENT);
    expect(onView.idea.content).toEqual({ type: "pdf", fileName: "Whitepaper.pdf", pdfPath: `/api/files/${assetId}` });
    asRecipient(onReader.secrets);
    const served = await file(assetId);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");

    // The owner always gets the file.
    asOwner(owner);
    expect((await file(assetId)).status).toBe(200);
  });

  it("download off still shows the images of an HTML idea", async () => {
    const owner = await createUser();
    const image = await uploadEditorImage(owner.id, { field: "image", fileName: "a.png", declaredType: "image/png", data: PNG }, null);
    const idea = await createPublished(owner.id, { content: `<p>Look</p><img src="${image.url}">` });
    const share = await createShare(owner.id, idea.id);
    const r = await agreedRecipient(share);
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    asRecipient(r.secrets);
    expect((await file(image.id)).status).toBe(200);
  });

  it("GET /api/share/{token}/timestamp/file is 404 for everyone; the owner downloads it from the idea", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id, { allowDownload: true });
    const r = await agreedRecipient(share);
    await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    const token = share.accessLink;
    asRecipient(r.secrets);
    expect((await shareStampedFile(get(`/api/share/${token}/timestamp/file`), { params: Promise.resolve({ token }) })).status).toBe(404);
    asOwner(owner);
    expect((await shareStampedFile(get(`/api/share/${token}/timestamp/file`), { params: Promise.resolve({ token }) })).status).toBe(404);
    expect((await ownerStampedFile(get(`/api/ideas/${idea.id}/timestamp/file`), { params: Promise.resolve({ id: String(idea.id) }) })).status).toBe(200);
  });
});
