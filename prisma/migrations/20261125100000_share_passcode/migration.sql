-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "passcodeGivenAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "passcodeHash" TEXT;
