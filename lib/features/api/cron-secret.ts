import "server-only";
import crypto from "node:crypto";
import { getEnv } from "@/lib/platform/env";
import { UnauthorizedError } from "@/lib/platform/http/errors";

/** Vercel Cron sends `Authorization: Bearer $CRON_SECRET`; without a configured secret nobody may run the job. */
export function authorizeCron(authorization: string | null) {
  const secret = getEnv().CRON_SECRET;
  const given = authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
  const digest = (v: string) => crypto.createHash("sha256").update(v).digest();
  if (!secret || !crypto.timingSafeEqual(digest(given), digest(secret))) throw new UnauthorizedError("Invalid cron secret");
}
