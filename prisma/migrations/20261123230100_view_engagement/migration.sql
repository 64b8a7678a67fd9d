-- Reading time per view and page (issue 16): what the reader reported, clipped to the time that passed.

-- AlterTable
ALTER TABLE "ViewEvent" ADD COLUMN     "engagementMs" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lastEngagementAt" TIMESTAMP(3),
ADD COLUMN     "pageCount" INTEGER;

-- CreateTable
CREATE TABLE "ViewEngagement" (
    "viewId" TEXT NOT NULL,
    "n" INTEGER NOT NULL,
    "ms" INTEGER NOT NULL,

    CONSTRAINT "ViewEngagement_pkey" PRIMARY KEY ("viewId","n")
);

-- AddForeignKey
ALTER TABLE "ViewEngagement" ADD CONSTRAINT "ViewEngagement_viewId_fkey" FOREIGN KEY ("viewId") REFERENCES "ViewEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
