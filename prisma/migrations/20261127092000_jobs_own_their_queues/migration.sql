-- Claiming, leases and retry times of proofs, webhook deliveries and owner mails are pg-boss jobs now: the columns
-- and indexes that served as the hand-written queue go. Rows still queued or pending get their jobs from the periodic
-- sweeps (runTimestampJobs, sweepWebhookDeliveries, sweepOwnerNotifications) once the new queues exist.

-- DropIndex
DROP INDEX "TimestampProof_status_nextAttemptAt_idx";

-- DropIndex
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";

-- AlterTable
ALTER TABLE "OwnerNotification" DROP COLUMN "nextAttemptAt";

-- AlterTable
ALTER TABLE "TimestampProof" DROP COLUMN "attempts",
DROP COLUMN "nextAttemptAt";

-- CreateIndex
CREATE INDEX "TimestampProof_status_idx" ON "TimestampProof"("status");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_createdAt_idx" ON "WebhookDelivery"("status", "createdAt");
