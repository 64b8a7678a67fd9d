/**
 * `npm run invite -- someone@example.com`: creates an invitation, prints its link and e-mails it.
 * Uses DATABASE_URL, the running server's embedded database, or starts the embedded database itself.
 */
import path from "node:path";
import { z } from "zod";
import { withScriptDatabase } from "./script-db";

async function main() {
  const email = z.string().trim().email().safeParse(process.argv[2]);
  if (!email.success) {
    console.error("Usage: npm run invite -- someone@example.com");
    process.exit(2);
  }
  await withScriptDatabase(async () => {
    const { sendInvite } = await import("../lib/domain/auth/registration");
    const { getEnv } = await import("../lib/platform/env");
    const { disconnectDb } = await import("../lib/platform/db");
    const env = getEnv();
    const origin = env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).origin : `http://localhost:${env.PORT}`;
    const { link } = await sendInvite(email.data, origin);
    await disconnectDb();
    console.log(`Invitation for ${email.data} (valid 14 days):\n${link}`);
    if (!env.RESEND_API_KEY) console.log(`E-mail written to ${path.join(env.dataDir, "outbox")}`);
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
