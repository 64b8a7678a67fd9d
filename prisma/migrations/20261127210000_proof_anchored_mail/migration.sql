-- AlterTable
ALTER TABLE "TimestampProof" ADD COLUMN     "anchoredMailAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "notifyProofAnchored" BOOLEAN NOT NULL DEFAULT true;
