-- Image -> idea links (issue 19 §4): the images an idea's content shows are recorded when the content is written,
-- so a recipient's image request is a join instead of decrypting every idea the image could belong to.
-- "version" NULL: the Idea row's own content (a draft, or the copy of the latest publication); a number: that
-- IdeaVersion row's content.

-- CreateTable
CREATE TABLE "IdeaImage" (
    "id" TEXT NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "version" INTEGER,
    "assetId" TEXT NOT NULL,

    CONSTRAINT "IdeaImage_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "IdeaImage_ideaId_version_idx" ON "IdeaImage"("ideaId", "version");
CREATE INDEX "IdeaImage_assetId_idx" ON "IdeaImage"("assetId");

ALTER TABLE "IdeaImage" ADD CONSTRAINT "IdeaImage_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IdeaImage" ADD CONSTRAINT "IdeaImage_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the content is encrypted with the application's key, which SQL does not have. Rows that exist now are
-- marked "not recorded" (false); the first recipient image request that needs one reads its content once, records
-- its links and sets the mark (lib/ideas/image-links.ts). Only HTML content shows images: every other row has
-- nothing to record. Rows written from now on record their links in the same transaction (default true).
ALTER TABLE "Idea" ADD COLUMN "imageLinksRecorded" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "IdeaVersion" ADD COLUMN "imageLinksRecorded" BOOLEAN NOT NULL DEFAULT false;
UPDATE "Idea" SET "imageLinksRecorded" = true WHERE "kind" <> 'html';
UPDATE "IdeaVersion" SET "imageLinksRecorded" = true WHERE "kind" <> 'html';
ALTER TABLE "Idea" ALTER COLUMN "imageLinksRecorded" SET DEFAULT true;
ALTER TABLE "IdeaVersion" ALTER COLUMN "imageLinksRecorded" SET DEFAULT true;
