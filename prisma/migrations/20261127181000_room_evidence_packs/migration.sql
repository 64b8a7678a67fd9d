-- AlterTable
ALTER TABLE "EvidencePack" ADD COLUMN     "roomId" TEXT,
ALTER COLUMN "ideaId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "EvidencePack_roomId_idx" ON "EvidencePack"("roomId");

-- AddForeignKey
ALTER TABLE "EvidencePack" ADD CONSTRAINT "EvidencePack_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A pack is of one idea or of one room, never both or neither.
ALTER TABLE "EvidencePack" ADD CONSTRAINT "EvidencePack_one_subject" CHECK (num_nonnulls("ideaId", "roomId") = 1);

-- CreateIndex
CREATE INDEX "NdaAcceptance_roomItems_idx" ON "NdaAcceptance" USING GIN ("roomItems" jsonb_path_ops);
