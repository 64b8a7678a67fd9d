-- AlterTable
ALTER TABLE "Recipient" ADD COLUMN     "viewId" TEXT;

-- AlterTable
ALTER TABLE "ViewEvent" ADD COLUMN     "pageCodeKeyId" TEXT;
