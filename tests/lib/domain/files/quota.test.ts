import { db } from "@/lib/platform/db";
import { storageUsage } from "@/lib/domain/files/quota";
import { createDraftVersion, publishDraftVersion, updateDraftVersion } from "@/lib/domain/ideas/versions";
import { createPublished, createUser } from "../../../factories";

const sizeOf = async (ideaId: number) => (await db.idea.findUniqueOrThrow({ where: { id: ideaId } })).contentCiphertext.length;
const versionSizes = async (ideaId: number) =>
  (await db.ideaVersion.findMany({ where: { ideaId }, orderBy: { version: "asc" } })).map((v) => ({ version: v.version, status: v.status, size: v.contentCiphertext.length }));

describe("storageUsage", () => {
  it("counts an idea's content once, then each other version it keeps: an open draft and older publications", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id, { content: "<p>First version</p>" });
    // The latest publication's version row repeats the idea's own content: counted once.
    expect(await storageUsage(owner.id)).toBe(await sizeOf(idea.id));

    await createDraftVersion(owner.id, idea.id);
    await updateDraftVersion(owner.id, idea.id, 2, { title: idea.title, content: `<p>${"A much longer second version. ".repeat(200)}</p>` });
    const [, draft] = await versionSizes(idea.id);
    expect(draft).toMatchObject({ version: 2, status: "draft" });
    expect(await storageUsage(owner.id)).toBe((await sizeOf(idea.id)) + draft.size);

    await publishDraftVersion(owner.id, idea.id);
    const [v1, v2] = await versionSizes(idea.id);
    expect(v2).toMatchObject({ version: 2, status: "published" });
    // Version 2 is now the idea's own content; version 1 is kept for the links pinned to it.
    expect(await sizeOf(idea.id)).toBe(v2.size);
    expect(await storageUsage(owner.id)).toBe(v2.size + v1.size);
  });
});
