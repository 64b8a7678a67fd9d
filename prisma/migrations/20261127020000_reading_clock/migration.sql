-- Reading time per person (lib/engagement): one row per idea and lower-cased recipient address, holding the latest
-- stretch of wall-clock time that person's reading was counted against, so the reports of several parallel views
-- (tabs, browsers, visits, links) under one address cannot each claim the same seconds. No backfill: a person's first
-- counted report from now on writes the row; figures stored before stay as they were.

-- CreateTable
CREATE TABLE "ReadingClock" (
    "ideaId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "countedFrom" TIMESTAMP(3) NOT NULL,
    "countedUntil" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReadingClock_pkey" PRIMARY KEY ("ideaId","email")
);

-- AddForeignKey
ALTER TABLE "ReadingClock" ADD CONSTRAINT "ReadingClock_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;
