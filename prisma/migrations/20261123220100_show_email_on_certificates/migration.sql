-- AlterTable
ALTER TABLE "User" ADD COLUMN     "showEmailOnCertificates" BOOLEAN NOT NULL DEFAULT false;
