-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "codeAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "codeExpiresAt" TIMESTAMP(3),
ADD COLUMN     "codeHash" TEXT,
ADD COLUMN     "codeSentAt" TIMESTAMP(3),
ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3),
ADD COLUMN     "ip" TEXT,
ADD COLUMN     "userAgent" TEXT,
ADD COLUMN     "viewStartedAt" TIMESTAMP(3),
ADD COLUMN     "viewWindowEndsAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "NdaAcceptance" ADD COLUMN     "agreementText" TEXT NOT NULL,
ADD COLUMN     "contentSha256" TEXT NOT NULL,
ADD COLUMN     "email" TEXT NOT NULL,
ADD COLUMN     "name" TEXT NOT NULL,
ADD COLUMN     "phone" TEXT;

-- CreateIndex
CREATE INDEX "Share_createdById_idx" ON "Share"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "NdaAcceptance_recipientId_key" ON "NdaAcceptance"("recipientId");
