-- Issue 17 §2: who may open a link (allow lists, blocked domains) and the owner's sharing defaults.

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "allowedDomains" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "allowedEmails" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "blockedDomains" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "defaultAllowDownload" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "defaultExpiryDays" INTEGER,
ADD COLUMN     "defaultScreenShield" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sharingBlockedDomains" TEXT[] DEFAULT ARRAY[]::TEXT[];
