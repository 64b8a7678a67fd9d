-- Link options (issue 16 §4): whether recipients may download the idea's PDF, and the reader's screen shield.

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "allowDownload" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "screenShield" BOOLEAN NOT NULL DEFAULT false;
