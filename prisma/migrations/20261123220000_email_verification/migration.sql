-- E-mail verification (issue 14, item 4). Password-reset and verification links are the same kind of thing (a
-- single-use token e-mailed to an account, stored as its SHA-256): one table with a purpose, renamed in place so
-- reset links already sent keep working. Ends in the same schema as Prisma's diff (which would drop and create).

-- CreateEnum
CREATE TYPE "AccountTokenPurpose" AS ENUM ('password_reset', 'email_verification');

-- RenameTable
ALTER TABLE "PasswordResetToken" RENAME TO "AccountToken";
ALTER TABLE "AccountToken" RENAME CONSTRAINT "PasswordResetToken_pkey" TO "AccountToken_pkey";
ALTER TABLE "AccountToken" RENAME CONSTRAINT "PasswordResetToken_userId_fkey" TO "AccountToken_userId_fkey";
ALTER INDEX "PasswordResetToken_tokenHash_key" RENAME TO "AccountToken_tokenHash_key";
DROP INDEX "PasswordResetToken_userId_idx";

-- AddColumn: every existing row is a reset link.
ALTER TABLE "AccountToken" ADD COLUMN "purpose" "AccountTokenPurpose" NOT NULL DEFAULT 'password_reset';
ALTER TABLE "AccountToken" ALTER COLUMN "purpose" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "AccountToken_userId_purpose_idx" ON "AccountToken"("userId", "purpose");

-- Existing accounts: one that spent an invitation sent to its own address proved that address when it registered.
-- Every other account (open registration, the bootstrap account) stays unproven unless it already was (a password
-- reset or a provider that vouched for the address): it gets the banner and a link on request.
UPDATE "User" AS u
SET "emailVerified" = i."usedAt"
FROM "Invite" AS i
WHERE i."usedById" = u."id"
  AND lower(i."email") = u."email"
  AND i."usedAt" IS NOT NULL
  AND u."emailVerified" IS NULL;
