-- CreateTable
CREATE TABLE "DerivedCopy" (
    "key" TEXT NOT NULL,
    "assetId" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DerivedCopy_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "PageRenderJob" (
    "assetId" TEXT NOT NULL,
    "nextPage" INTEGER NOT NULL DEFAULT 1,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claim" TEXT,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageRenderJob_pkey" PRIMARY KEY ("assetId")
);

-- CreateIndex
CREATE INDEX "DerivedCopy_ownerId_lastUsedAt_idx" ON "DerivedCopy"("ownerId", "lastUsedAt");

-- CreateIndex
CREATE INDEX "DerivedCopy_assetId_idx" ON "DerivedCopy"("assetId");

-- CreateIndex
CREATE INDEX "DerivedCopy_expiresAt_idx" ON "DerivedCopy"("expiresAt");

-- CreateIndex
CREATE INDEX "PageRenderJob_doneAt_nextAttemptAt_idx" ON "PageRenderJob"("doneAt", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "DerivedCopy" ADD CONSTRAINT "DerivedCopy_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageRenderJob" ADD CONSTRAINT "PageRenderJob_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;
