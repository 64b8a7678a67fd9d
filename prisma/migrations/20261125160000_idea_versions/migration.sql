-- Versions (issue 18 §1): every publication of an idea is a read-only IdeaVersion with its own proof; a published
-- idea may have one draft of its next version. The Idea row keeps the latest published version's title and content
-- (what an unpinned link shows) and its number in "version".

-- CreateTable
CREATE TABLE "IdeaVersion" (
    "id" TEXT NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "status" "IdeaStatus" NOT NULL DEFAULT 'draft',
    "title" TEXT NOT NULL,
    "kind" "IdeaKind" NOT NULL DEFAULT 'html',
    "contentCiphertext" BYTEA NOT NULL,
    "contentKeyId" TEXT NOT NULL,
    "contentSha256" TEXT,
    "pdfAssetId" TEXT,
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdeaVersion_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "IdeaVersion_version_positive" CHECK ("version" >= 1),
    CONSTRAINT "IdeaVersion_published_when" CHECK (("status" = 'published') = ("publishedAt" IS NOT NULL))
);

CREATE UNIQUE INDEX "IdeaVersion_ideaId_version_key" ON "IdeaVersion"("ideaId", "version");
-- At most one open draft per idea: two racing "New version" calls cannot both create one.
CREATE UNIQUE INDEX "IdeaVersion_one_draft" ON "IdeaVersion"("ideaId") WHERE "status" = 'draft';
CREATE INDEX "IdeaVersion_pdfAssetId_idx" ON "IdeaVersion"("pdfAssetId");

ALTER TABLE "IdeaVersion" ADD CONSTRAINT "IdeaVersion_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IdeaVersion" ADD CONSTRAINT "IdeaVersion_pdfAssetId_fkey" FOREIGN KEY ("pdfAssetId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "Idea" ADD COLUMN "version" INTEGER;
ALTER TABLE "Share" ADD COLUMN "pinnedVersion" INTEGER;
ALTER TABLE "NdaAcceptance" ADD COLUMN "version" INTEGER;
ALTER TABLE "ViewEvent" ADD COLUMN "version" INTEGER;
ALTER TABLE "TimestampProof" ADD COLUMN "ideaVersionId" TEXT;

CREATE UNIQUE INDEX "TimestampProof_ideaVersionId_key" ON "TimestampProof"("ideaVersionId");
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_ideaVersionId_fkey" FOREIGN KEY ("ideaVersionId") REFERENCES "IdeaVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every idea published before versions becomes its version 1, with the same title, content, digest and time.
INSERT INTO "IdeaVersion" ("id", "ideaId", "version", "status", "title", "kind", "contentCiphertext", "contentKeyId",
                           "contentSha256", "pdfAssetId", "publishedAt", "createdAt", "updatedAt")
SELECT 'v1-' || i."id", i."id", 1, 'published', i."title", i."kind", i."contentCiphertext", i."contentKeyId",
       i."contentSha256", i."pdfAssetId", COALESCE(i."publishedAt", i."blockchainTimestamp", i."lastModified"),
       i."createdAt", CURRENT_TIMESTAMP
FROM "Idea" AS i WHERE i."status" = 'published';

UPDATE "Idea" SET "version" = 1 WHERE "status" = 'published';

-- A proof belongs to exactly one subject: now also an idea version.
ALTER TABLE "TimestampProof" DROP CONSTRAINT "TimestampProof_one_subject";
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_one_subject" CHECK (num_nonnulls("ideaId", "ndaAcceptanceId", "evidencePackId", "ideaVersionId") = 1);

-- Its proof (if it has one yet: ideas of the first release get theirs from the backfill) becomes version 1's.
UPDATE "TimestampProof" AS p SET "ideaVersionId" = 'v1-' || p."ideaId", "ideaId" = NULL
WHERE p."ideaId" IS NOT NULL AND EXISTS (SELECT 1 FROM "IdeaVersion" v WHERE v."id" = 'v1-' || p."ideaId");

-- Views before versions showed version 1 of a published idea (acceptances keep null: their stamped evidence
-- record was written without a version and must rebuild byte for byte).
UPDATE "ViewEvent" AS e SET "version" = 1 FROM "Idea" AS i WHERE i."id" = e."ideaId" AND i."status" = 'published';
