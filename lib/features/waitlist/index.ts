import "server-only";
import { db } from "@/lib/platform/db";
import { normalizeEmail } from "@/lib/platform/email/address";

/** Adds an entry unless the address (in any case) is already listed; never overwrites the first entry. */
export async function joinWaitlist(input: { name: string; email: string; profession: string | null }) {
  const email = normalizeEmail(input.email);
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO "WaitlistEntry" ("id", "name", "email", "profession", "createdAt")
    VALUES (gen_random_uuid()::text, ${input.name}, ${email}, ${input.profession}, now())
    ON CONFLICT ("email") DO NOTHING
    RETURNING "id"`;
  return { alreadyExists: rows.length === 0 };
}
