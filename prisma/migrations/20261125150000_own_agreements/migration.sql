-- Issue 17 §4: the founder's own agreements (versioned), the agreement a link shows, links without an NDA, and which
-- agreement (id, title, version) each acceptance accepted. Existing links keep the standard agreement (agreementId
-- NULL) and keep requiring it (requireNda TRUE); existing acceptances are of the standard agreement (all three NULL).

-- CreateTable
CREATE TABLE "Agreement" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agreement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgreementVersion" (
    "id" TEXT NOT NULL,
    "agreementId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgreementVersion_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "agreementId" TEXT,
ADD COLUMN     "requireNda" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "NdaAcceptance" ADD COLUMN     "agreementId" TEXT,
ADD COLUMN     "agreementTitle" TEXT,
ADD COLUMN     "agreementVersionNumber" INTEGER;

-- CreateIndex
CREATE INDEX "Agreement_ownerId_idx" ON "Agreement"("ownerId");

-- One default per account (lib/agreements sets it in a transaction that unsets the others; this is the backstop).
CREATE UNIQUE INDEX "Agreement_one_default_per_owner" ON "Agreement"("ownerId") WHERE "isDefault" AND "deletedAt" IS NULL;

-- CreateIndex
CREATE UNIQUE INDEX "AgreementVersion_agreementId_version_key" ON "AgreementVersion"("agreementId", "version");

-- CreateIndex
CREATE INDEX "Share_agreementId_idx" ON "Share"("agreementId");

-- CreateIndex
CREATE INDEX "NdaAcceptance_agreementId_agreementVersionNumber_idx" ON "NdaAcceptance"("agreementId", "agreementVersionNumber");

-- AddForeignKey
ALTER TABLE "Share" ADD CONSTRAINT "Share_agreementId_fkey" FOREIGN KEY ("agreementId") REFERENCES "Agreement"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NdaAcceptance" ADD CONSTRAINT "NdaAcceptance_agreementId_fkey" FOREIGN KEY ("agreementId") REFERENCES "Agreement"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agreement" ADD CONSTRAINT "Agreement_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgreementVersion" ADD CONSTRAINT "AgreementVersion_agreementId_fkey" FOREIGN KEY ("agreementId") REFERENCES "Agreement"("id") ON DELETE CASCADE ON UPDATE CASCADE;
