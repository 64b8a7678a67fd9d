import { db } from "@/lib/platform/db";
import { findReadableAsset } from "@/lib/domain/shares/readable-asset";
import { uploadEditorImage } from "@/lib/domain/ideas/images";
import { fileUrl } from "@/lib/domain/files/url";
import { createIdea, publishIdea, updateIdea } from "@/lib/domain/ideas";
import { createDraftVersion, deleteDraftVersion, updateDraftVersion } from "@/lib/domain/ideas/versions";
import { createShareLink } from "@/lib/domain/shares";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { agreedRecipient, createShare, createUser, distinctPng, TEST_CLIENT, TEST_ORIGIN } from "../../../factories";

/**
 * The images an idea's content shows are recorded when the content is written (IdeaImage), and a
 * recipient's image request is a join over them; images the link does not show stay 404 (null here).
 */

async function image(ownerId: string, label: string, ideaId: number | null = null) {
  const asset = await uploadEditorImage(ownerId, { field: "file", fileName: `${label}.png`, declaredType: "image/png", data: distinctPng(label) }, ideaId);
  return asset.id;
}

const html = (...ids: string[]) => ids.map((id) => `<p><img src="${fileUrl(id)}"></p>`).join("");

async function links(ideaId: number) {
  const rows = await db.ideaImage.findMany({ where: { ideaId }, select: { version: true, assetId: true } });
  return rows.map((r) => `${r.version ?? "row"}:${r.assetId}`).sort();
}

/** A recipient of `share` who has opened it (the gate lets a reader's browser fetch the files it shows). */
async function reader(share: { accessLink: string; recipientEmail?: string | null }) {
  const recipient = await agreedRecipient({ ...share, shareType: "full-access" });
  await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
  return recipient;
}

describe("image links recorded at save", () => {
  it("records the owner's images of a draft on create and update, never another owner's, and replaces them on each save", async () => {
    const ada = await createUser();
    const eve = await createUser();
    const [a, b, c] = [await image(ada.id, "a"), await image(ada.id, "b"), await image(ada.id, "c")];
    const foreign = await image(eve.id, "eve");
    const idea = await createIdea(ada.id, { title: "Pictures", content: html(a, b, foreign) + `<p>${fileUrl(a)}</p>` });
    expect(await links(idea.id)).toEqual([`row:${a}`, `row:${b}`].sort());

    await updateIdea(ada.id, idea.id, { title: "Pictures", content: html(c) });
    expect(await links(idea.id)).toEqual([`row:${c}`]);
    // A title-only save leaves the content, and its links, as they are.
    await updateIdea(ada.id, idea.id, { title: "Renamed" });
    expect(await links(idea.id)).toEqual([`row:${c}`]);
    expect((await db.idea.findUniqueOrThrow({ where: { id: idea.id } })).imageLinksRecorded).toBe(true);
  });

  it("records each version's images: publication, a new draft version, its saves and its deletion", async () => {
    const ada = await createUser();
    const [a, c] = [await image(ada.id, "a"), await image(ada.id, "c")];
    const idea = await createIdea(ada.id, { title: "Pictures", content: html(a) });
    await publishIdea(ada.id, idea.id);
    expect(await links(idea.id)).toEqual([`1:${a}`, `row:${a}`].sort());

    await createDraftVersion(ada.id, idea.id);
    expect(await links(idea.id)).toEqual([`1:${a}`, `2:${a}`, `row:${a}`].sort());
    await updateDraftVersion(ada.id, idea.id, 2, { title: "Pictures", content: html(c) });
    expect(await links(idea.id)).toEqual([`1:${a}`, `2:${c}`, `row:${a}`].sort());
    await deleteDraftVersion(ada.id, idea.id, 2);
    expect(await links(idea.id)).toEqual([`1:${a}`, `row:${a}`].sort());

    await createDraftVersion(ada.id, idea.id);
    await updateDraftVersion(ada.id, idea.id, 2, { title: "Pictures", content: html(c) });
    await publishIdea(ada.id, idea.id);
    // The Idea row now shows version 2.
    expect(await links(idea.id)).toEqual([`1:${a}`, `2:${c}`, `row:${c}`].sort());
  });
});

describe("a recipient's image request", () => {
  it("serves an image of the shared idea and answers null (404) for the owner's image in another idea", async () => {
    const ada = await createUser();
    const [shown, other] = [await image(ada.id, "shown"), await image(ada.id, "other")];
    const idea = await createIdea(ada.id, { title: "Shared", content: html(shown) });
    const otherIdea = await createIdea(ada.id, { title: "Not shared", content: html(other) });
    await publishIdea(ada.id, idea.id);
    await publishIdea(ada.id, otherIdea.id);
    const share = await createShare(ada.id, idea.id);
    const recipient = await reader(share);

    expect(await findReadableAsset(null, shown, recipient.secrets)).toMatchObject({ id: shown, contentType: "image/png" });
    expect(await findReadableAsset(null, other, recipient.secrets)).toBeNull();
    // Without the browser's secret, nothing.
    expect(await findReadableAsset(null, shown, [])).toBeNull();
  });

  it("serves a pinned link the images of its version only, and an unpinned link those of the latest", async () => {
    const ada = await createUser();
    const [v1, v2] = [await image(ada.id, "v1"), await image(ada.id, "v2")];
    const idea = await createIdea(ada.id, { title: "Versions", content: html(v1) });
    await publishIdea(ada.id, idea.id);
    const pinned = await createShareLink(ada.id, { ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, pinVersion: true }, TEST_ORIGIN);
    await createDraftVersion(ada.id, idea.id);
    await updateDraftVersion(ada.id, idea.id, 2, { title: "Versions", content: html(v2) });
    // The draft's image is not shown by any link before publication.
    const latest = await createShare(ada.id, idea.id);
    const early = await reader(latest);
    expect(await findReadableAsset(null, v2, early.secrets)).toBeNull();
    await publishIdea(ada.id, idea.id);

    const onPinned = await reader(pinned);
    expect(await findReadableAsset(null, v1, onPinned.secrets)).toMatchObject({ id: v1 });
    expect(await findReadableAsset(null, v2, onPinned.secrets)).toBeNull();
    const onLatest = await reader(await createShare(ada.id, idea.id));
    expect(await findReadableAsset(null, v2, onLatest.secrets)).toMatchObject({ id: v2 });
    expect(await findReadableAsset(null, v1, onLatest.secrets)).toBeNull();
  });

  it("records the links of content written before they existed on the first request, then joins", async () => {
    const ada = await createUser();
    const [shown, other] = [await image(ada.id, "shown"), await image(ada.id, "other")];
    const idea = await createIdea(ada.id, { title: "Old", content: html(shown) });
    await publishIdea(ada.id, idea.id);
    await createIdea(ada.id, { title: "Other", content: html(other) });
    const share = await createShare(ada.id, idea.id);
    const recipient = await reader(share);
    // As the migration leaves rows written before: no links, marked not recorded.
    await db.ideaImage.deleteMany({ where: { ideaId: idea.id } });
    await db.idea.update({ where: { id: idea.id }, data: { imageLinksRecorded: false } });
    await db.ideaVersion.updateMany({ where: { ideaId: idea.id }, data: { imageLinksRecorded: false } });

    expect(await findReadableAsset(null, other, recipient.secrets)).toBeNull();
    // The request that found the row unrecorded recorded it (the row the unpinned link shows: the Idea row).
    expect(await links(idea.id)).toEqual([`row:${shown}`]);
    expect((await db.idea.findUniqueOrThrow({ where: { id: idea.id } })).imageLinksRecorded).toBe(true);
    expect(await findReadableAsset(null, shown, recipient.secrets)).toMatchObject({ id: shown });
    expect(await findReadableAsset(null, other, recipient.secrets)).toBeNull();
  });

  it("a draft written before links existed gets them when it is published", async () => {
    const ada = await createUser();
    const shown = await image(ada.id, "shown");
    const idea = await createIdea(ada.id, { title: "Old draft", content: html(shown) });
    await db.ideaImage.deleteMany({ where: { ideaId: idea.id } });
    await db.idea.update({ where: { id: idea.id }, data: { imageLinksRecorded: false } });
    await publishIdea(ada.id, idea.id);
    expect(await links(idea.id)).toEqual([`1:${shown}`, `row:${shown}`].sort());
    const recipient = await reader(await createShare(ada.id, idea.id));
    expect(await findReadableAsset(null, shown, recipient.secrets)).toMatchObject({ id: shown });
  });
});
