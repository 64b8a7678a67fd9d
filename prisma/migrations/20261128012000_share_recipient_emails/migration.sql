-- An e-mail link may go to several addresses; recipientEmail stays its first one.
ALTER TABLE "Share" ADD COLUMN     "recipientEmails" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Existing e-mail links: their one address (stored lower-case already; lower() for older rows).
UPDATE "Share" SET "recipientEmails" = ARRAY[lower(trim("recipientEmail"))] WHERE "recipientEmail" IS NOT NULL;

-- CreateIndex
CREATE INDEX "Share_recipientEmails_idx" ON "Share" USING GIN ("recipientEmails");
