-- Evidence packs (issue 18 §2): a pack downloaded whole is recorded with its manifest's digest, and that digest is
-- stamped like an idea or an acceptance: a proof now has one of three subjects.

-- CreateTable
CREATE TABLE "EvidencePack" (
    "id" TEXT NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "manifestSha256" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EvidencePack_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "EvidencePack_manifestSha256_hex" CHECK ("manifestSha256" ~ '^[0-9a-f]{64}$')
);

-- AlterTable
ALTER TABLE "TimestampProof" ADD COLUMN "evidencePackId" TEXT;

-- A proof belongs to exactly one idea, NDA acceptance or evidence pack (existing rows have one of the first two).
ALTER TABLE "TimestampProof" DROP CONSTRAINT "TimestampProof_one_subject";
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_one_subject" CHECK (num_nonnulls("ideaId", "ndaAcceptanceId", "evidencePackId") = 1);

-- CreateIndex
CREATE INDEX "EvidencePack_ideaId_idx" ON "EvidencePack"("ideaId");

-- CreateIndex
CREATE UNIQUE INDEX "TimestampProof_evidencePackId_key" ON "TimestampProof"("evidencePackId");

-- AddForeignKey
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_evidencePackId_fkey" FOREIGN KEY ("evidencePackId") REFERENCES "EvidencePack"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidencePack" ADD CONSTRAINT "EvidencePack_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;
