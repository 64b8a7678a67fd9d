-- Nothing wrote TimestampProof before this migration: it is recreated in its new shape (a new enum value could
-- not be used as a default inside the same transaction anyway).
DROP TABLE "TimestampProof";
DROP TYPE "TimestampStatus";

-- CreateEnum
CREATE TYPE "TimestampStatus" AS ENUM ('queued', 'pending', 'confirmed', 'failed');

-- CreateTable
CREATE TABLE "TimestampProof" (
    "id" TEXT NOT NULL,
    "ideaId" INTEGER,
    "ndaAcceptanceId" TEXT,
    "digest" TEXT NOT NULL,
    "status" "TimestampStatus" NOT NULL DEFAULT 'queued',
    "ots" BYTEA,
    "calendars" TEXT[],
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submittedAt" TIMESTAMP(3),
    "confirmedAt" TIMESTAMP(3),
    "bitcoinHeight" INTEGER,
    "bitcoinBlockHash" TEXT,
    "bitcoinTime" TIMESTAMP(3),

    CONSTRAINT "TimestampProof_pkey" PRIMARY KEY ("id"),
    -- A proof belongs to exactly one idea or one NDA acceptance (Prisma cannot express this).
    CONSTRAINT "TimestampProof_one_subject" CHECK (num_nonnulls("ideaId", "ndaAcceptanceId") = 1),
    CONSTRAINT "TimestampProof_digest_hex" CHECK ("digest" ~ '^[0-9a-f]{64}$'),
    -- An .ots is stored only once calendars answered (never one without attestations).
    CONSTRAINT "TimestampProof_ots_when_submitted" CHECK (("ots" IS NULL) = ("status" = 'queued' OR ("status" = 'failed' AND "submittedAt" IS NULL)))
);

-- CreateIndex
CREATE UNIQUE INDEX "TimestampProof_ideaId_key" ON "TimestampProof"("ideaId");

-- CreateIndex
CREATE UNIQUE INDEX "TimestampProof_ndaAcceptanceId_key" ON "TimestampProof"("ndaAcceptanceId");

-- CreateIndex
CREATE INDEX "TimestampProof_status_nextAttemptAt_idx" ON "TimestampProof"("status", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimestampProof" ADD CONSTRAINT "TimestampProof_ndaAcceptanceId_fkey" FOREIGN KEY ("ndaAcceptanceId") REFERENCES "NdaAcceptance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
