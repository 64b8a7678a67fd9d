-- Issue 17 §3: a link's name, and the changes its owner made after it went out (for the activity timeline).

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "name" TEXT;

-- CreateTable
CREATE TABLE "ShareChange" (
    "id" TEXT NOT NULL,
    "shareId" TEXT NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "summary" TEXT NOT NULL,

    CONSTRAINT "ShareChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ShareChange_ideaId_idx" ON "ShareChange"("ideaId");

-- CreateIndex
CREATE INDEX "ShareChange_shareId_idx" ON "ShareChange"("shareId");

-- AddForeignKey
ALTER TABLE "ShareChange" ADD CONSTRAINT "ShareChange_shareId_fkey" FOREIGN KEY ("shareId") REFERENCES "Share"("id") ON DELETE CASCADE ON UPDATE CASCADE;
