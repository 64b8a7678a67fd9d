-- AlterTable
ALTER TABLE "User" ADD COLUMN     "brandAccent" TEXT,
ADD COLUMN     "brandLogoKey" TEXT,
ADD COLUMN     "brandName" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "User_brandLogoKey_key" ON "User"("brandLogoKey");
