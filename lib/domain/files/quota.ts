import "server-only";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { PayloadTooLargeError } from "@/lib/platform/http/errors";

const MB = 1024 * 1024;

/**
 * Bytes an account stores: its files (plaintext size), its ideas' encrypted content, and that of their other versions
 * (older publications and an open draft; the latest publication's row repeats the idea's own content and is not
 * counted twice).
 */
export async function storageUsage(ownerId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ bytes: bigint }[]>`
    SELECT (SELECT COALESCE(SUM("size"), 0) FROM "Asset" WHERE "ownerId" = ${ownerId})
         + (SELECT COALESCE(SUM(octet_length("contentCiphertext")), 0) FROM "Idea" WHERE "ownerId" = ${ownerId})
         + (SELECT COALESCE(SUM(octet_length(v."contentCiphertext")), 0)
              FROM "IdeaVersion" v JOIN "Idea" i ON i."id" = v."ideaId"
             WHERE i."ownerId" = ${ownerId}
               AND NOT (v."status" = 'published' AND v."version" IS NOT DISTINCT FROM i."version")) AS bytes`;
  return Number(row.bytes);
}

/**
 * Refuses a write that would take the account past STORAGE_QUOTA_MB (413). `replacing` is what the write frees
 * (an idea's previous content). Two writes racing may overshoot by one write's size; the quota bounds abuse, it
 * is not billing.
 */
export async function assertWithinQuota(ownerId: string, adding: number, replacing = 0) {
  const quota = getEnv().STORAGE_QUOTA_MB * MB;
  const used = await storageUsage(ownerId);
  if (used - replacing + adding <= quota) return;
  const mb = (n: number) => (n / MB).toFixed(n < 10 * MB ? 1 : 0);
  throw new PayloadTooLargeError(
    `Storage quota exceeded: you use ${mb(used)} MB of your ${mb(quota)} MB. Delete drafts or files you no longer need.`,
  );
}
