-- A recipient who declined the agreement: kept as evidence, refused everything afterwards.

-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "declinedAt" TIMESTAMP(3);
