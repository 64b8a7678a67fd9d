-- Issue 19 §3: the owner's recipient mails are queued and sent one per burst (lib/notifications/queue.ts);
-- an e-mail link may carry the owner's personal note for the invitation.

-- AlterTable: existing links have no note.
ALTER TABLE "Share" ADD COLUMN "note" TEXT;

-- CreateEnum
CREATE TYPE "OwnerNotificationKind" AS ENUM ('ndaAccepted', 'firstView');

-- CreateTable: empty on existing databases (events before this release were mailed at once).
CREATE TABLE "OwnerNotification" (
    "id" TEXT NOT NULL,
    "recipientId" TEXT NOT NULL,
    "kind" "OwnerNotificationKind" NOT NULL,
    "sourceId" TEXT NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "origin" TEXT NOT NULL,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "doneAt" TIMESTAMP(3),
    "outcome" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OwnerNotification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OwnerNotification_kind_sourceId_key" ON "OwnerNotification"("kind", "sourceId");

-- CreateIndex
CREATE INDEX "OwnerNotification_recipientId_occurredAt_idx" ON "OwnerNotification"("recipientId", "occurredAt");

-- CreateIndex
CREATE INDEX "OwnerNotification_doneAt_occurredAt_idx" ON "OwnerNotification"("doneAt", "occurredAt");

-- AddForeignKey
ALTER TABLE "OwnerNotification" ADD CONSTRAINT "OwnerNotification_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "Recipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
