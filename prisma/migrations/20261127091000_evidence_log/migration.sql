-- AlterTable
ALTER TABLE "TimestampProof" ADD COLUMN     "logAnchorId" TEXT;

-- CreateTable
CREATE TABLE "EvidenceLog" (
    "ideaId" INTEGER NOT NULL,
    "headSeq" INTEGER NOT NULL,
    "headHash" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EvidenceLog_pkey" PRIMARY KEY ("ideaId")
);

-- CreateTable
CREATE TABLE "EvidenceEntry" (
    "ideaId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "prev" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "EvidenceEntry_pkey" PRIMARY KEY ("ideaId","seq")
);

-- CreateTable
CREATE TABLE "EvidencePersonalData" (
    "ideaId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "field" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "recipientId" TEXT,

    CONSTRAINT "EvidencePersonalData_pkey" PRIMARY KEY ("ideaId","seq","field")
);

-- CreateTable
CREATE TABLE "LogAnchor" (
    "id" TEXT NOT NULL,
    "root" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "leafCount" INTEGER NOT NULL,

    CONSTRAINT "LogAnchor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LogAnchorInclusion" (
    "anchorId" TEXT NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "headSeq" INTEGER NOT NULL,
    "headHash" TEXT NOT NULL,
    "path" TEXT NOT NULL,

    CONSTRAINT "LogAnchorInclusion_pkey" PRIMARY KEY ("anchorId","ideaId")
);

-- CreateIndex
CREATE INDEX "EvidencePersonalData_recipientId_idx" ON "EvidencePersonalData"("recipientId");

-- CreateIndex
CREATE INDEX "LogAnchorInclusion_ideaId_headSeq_idx" ON "LogAnchorInclusion"("ideaId", "headSeq");

-- CreateIndex
CREATE UNIQUE INDEX "TimestampProof_logAnchorId_key" ON "TimestampProof"("logAnchorId");

-- AddForeignKey
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_logAnchorId_fkey" FOREIGN KEY ("logAnchorId") REFERENCES "LogAnchor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidenceLog" ADD CONSTRAINT "EvidenceLog_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidenceEntry" ADD CONSTRAINT "EvidenceEntry_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "EvidenceLog"("ideaId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidencePersonalData" ADD CONSTRAINT "EvidencePersonalData_ideaId_seq_fkey" FOREIGN KEY ("ideaId", "seq") REFERENCES "EvidenceEntry"("ideaId", "seq") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvidencePersonalData" ADD CONSTRAINT "EvidencePersonalData_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "Recipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LogAnchorInclusion" ADD CONSTRAINT "LogAnchorInclusion_anchorId_fkey" FOREIGN KEY ("anchorId") REFERENCES "LogAnchor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LogAnchorInclusion" ADD CONSTRAINT "LogAnchorInclusion_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A log anchor's root is one more subject a proof may have.
ALTER TABLE "TimestampProof" DROP CONSTRAINT "TimestampProof_one_subject";
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_one_subject" CHECK (num_nonnulls("ideaId", "ndaAcceptanceId", "evidencePackId", "ideaVersionId", "logAnchorId") = 1);

ALTER TABLE "EvidenceLog" ADD CONSTRAINT "EvidenceLog_head" CHECK ("headSeq" >= 1 AND "headHash" ~ '^[0-9a-f]{64}$');
ALTER TABLE "EvidenceEntry" ADD CONSTRAINT "EvidenceEntry_hashes" CHECK ("seq" >= 1 AND "prev" ~ '^[0-9a-f]{64}$' AND "hash" ~ '^[0-9a-f]{64}$');
ALTER TABLE "LogAnchor" ADD CONSTRAINT "LogAnchor_root_hex" CHECK ("root" ~ '^[0-9a-f]{64}$');

-- Entries are written once: an UPDATE is refused by the database itself (deletes stay possible for the cascades of
-- an idea's or account's deletion, which remove the whole log).
CREATE FUNCTION "EvidenceEntry_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'evidence log entries cannot be changed';
END $$;
CREATE TRIGGER "EvidenceEntry_no_update" BEFORE UPDATE ON "EvidenceEntry" FOR EACH ROW EXECUTE FUNCTION "EvidenceEntry_immutable"();
