-- AlterTable
ALTER TABLE "NdaAcceptance" ADD COLUMN     "recordFormat" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "signature" TEXT;

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "passcodeTriesResetAt" TIMESTAMP(3),
ADD COLUMN     "passcodeWrongTries" INTEGER NOT NULL DEFAULT 0;
