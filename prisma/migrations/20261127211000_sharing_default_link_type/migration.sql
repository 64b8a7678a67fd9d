-- 'Sharing defaults': new links start time-limited, expiring after 30 days, unless the owner chose otherwise.
UPDATE "User" SET "defaultExpiryDays" = 30 WHERE "defaultExpiryDays" IS NULL;
UPDATE "User" SET "defaultExpiryDays" = 365 WHERE "defaultExpiryDays" > 365;
ALTER TABLE "User" ALTER COLUMN "defaultExpiryDays" SET NOT NULL,
ALTER COLUMN "defaultExpiryDays" SET DEFAULT 30;
ALTER TABLE "User" ADD COLUMN "defaultShareType" "ShareType" NOT NULL DEFAULT 'time-dependent';
