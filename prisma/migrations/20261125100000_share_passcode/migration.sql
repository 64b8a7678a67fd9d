-- Issue 17 §1: a link's passcode (bcrypt hash) and when each recipient gave it (the gate's passcode clause).

-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "passcodeGivenAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "passcodeHash" TEXT;
