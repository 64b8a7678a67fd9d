-- CreateEnum
CREATE TYPE "TsaTokenState" AS ENUM ('pending', 'granted', 'failed', 'off');

-- CreateTable
CREATE TABLE "TsaToken" (
    "id" TEXT NOT NULL,
    "proofId" TEXT NOT NULL,
    "state" "TsaTokenState" NOT NULL DEFAULT 'pending',
    "token" BYTEA,
    "tsaUrl" TEXT,
    "tsaName" TEXT,
    "genTime" TIMESTAMP(3),
    "serial" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "grantedAt" TIMESTAMP(3),

    CONSTRAINT "TsaToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TsaToken_proofId_key" ON "TsaToken"("proofId");

-- AddForeignKey
ALTER TABLE "TsaToken" ADD CONSTRAINT "TsaToken_proofId_fkey" FOREIGN KEY ("proofId") REFERENCES "TimestampProof"("id") ON DELETE CASCADE ON UPDATE CASCADE;
