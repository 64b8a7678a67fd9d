-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "roomId" TEXT,
ALTER COLUMN "ideaId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "ShareChange" ALTER COLUMN "ideaId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "NdaAcceptance" ADD COLUMN     "roomId" TEXT,
ADD COLUMN     "roomItems" JSONB,
ALTER COLUMN "ideaId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "Room" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "note" TEXT,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Room_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoomItem" (
    "roomId" TEXT NOT NULL,
    "ideaId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "folder" TEXT,
    "pinnedVersion" INTEGER,
    "allowDownload" BOOLEAN,

    CONSTRAINT "RoomItem_pkey" PRIMARY KEY ("roomId","ideaId")
);

-- CreateIndex
CREATE INDEX "Room_ownerId_deletedAt_updatedAt_idx" ON "Room"("ownerId", "deletedAt", "updatedAt" DESC);

-- CreateIndex
CREATE INDEX "RoomItem_ideaId_idx" ON "RoomItem"("ideaId");

-- CreateIndex
CREATE INDEX "Share_roomId_idx" ON "Share"("roomId");

-- CreateIndex
CREATE INDEX "NdaAcceptance_roomId_idx" ON "NdaAcceptance"("roomId");

-- AddForeignKey
ALTER TABLE "Share" ADD CONSTRAINT "Share_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NdaAcceptance" ADD CONSTRAINT "NdaAcceptance_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Room" ADD CONSTRAINT "Room_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoomItem" ADD CONSTRAINT "RoomItem_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoomItem" ADD CONSTRAINT "RoomItem_ideaId_fkey" FOREIGN KEY ("ideaId") REFERENCES "Idea"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A link opens one idea or one room; an acceptance is for one idea or for one room's list of ideas.
ALTER TABLE "Share" ADD CONSTRAINT "Share_one_subject" CHECK (num_nonnulls("ideaId", "roomId") = 1);
ALTER TABLE "NdaAcceptance" ADD CONSTRAINT "NdaAcceptance_one_subject" CHECK (num_nonnulls("ideaId", "roomId") = 1);
