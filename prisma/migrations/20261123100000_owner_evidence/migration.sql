-- Owner's evidence: owner replies to comments, notification switches, one first-view mail per recipient,
-- and the indexes behind "Shared with me" and the share screen's per-recipient views.

-- CreateEnum
CREATE TYPE "CommentAuthorRole" AS ENUM ('recipient', 'owner');

-- AlterTable
ALTER TABLE "Comment" ADD COLUMN     "authorRole" "CommentAuthorRole" NOT NULL DEFAULT 'recipient',
ADD COLUMN     "parentId" TEXT;

-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "firstViewNotifiedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "notifyComments" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "notifyFirstView" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "notifyNdaAccepted" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "Comment_parentId_idx" ON "Comment"("parentId");

-- CreateIndex
CREATE INDEX "Share_recipientEmail_idx" ON "Share"("recipientEmail");

-- CreateIndex
CREATE INDEX "ViewEvent_recipientId_viewedAt_idx" ON "ViewEvent"("recipientId", "viewedAt");

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Comment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
