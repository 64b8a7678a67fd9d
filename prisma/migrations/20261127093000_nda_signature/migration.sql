-- AlterTable
ALTER TABLE "NdaAcceptance" ADD COLUMN     "recordFormat" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "signature" TEXT;
