import "server-only";
import bcrypt from "bcryptjs";

const ROUNDS = 10;
// A real hash of a random string, compared against when the account does not exist so that
// "no such user" and "wrong password" take the same time.
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.J1Ww8QFh9vR8JtB3wXG2xXoZnA5u";

export function hashPassword(password: string) {
  return bcrypt.hash(password, ROUNDS);
}

export async function verifyPassword(password: string, hash: string | null | undefined) {
  const ok = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return ok && !!hash;
}
