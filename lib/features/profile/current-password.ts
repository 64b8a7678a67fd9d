import "server-only";
import { ForbiddenError } from "@/lib/platform/http/errors";
import { assertNotExhausted, recordFailures } from "@/lib/platform/rate-limit";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { checkCurrentPassword, WRONG_CURRENT_PASSWORD, type CheckedAccount, type PasswordAccount } from "@/lib/domain/auth/change-password";

/**
 * checkCurrentPassword for a route: a wrong password is a 403 WRONG_CURRENT_PASSWORD counted against the account's
 * limit (429 once spent). Failure accounting, not a request limit: only wrong passwords use it up, and 'Change
 * password' and 'Change e-mail' share it, so a borrowed session gets one budget of guesses, not two.
 */
export async function requireCurrentPassword(user: PasswordAccount, currentPassword: string): Promise<CheckedAccount> {
  const failures = rateLimits.passwordChangeFailures(user.id);
  await assertNotExhausted(failures);
  const account = await checkCurrentPassword(user, currentPassword);
  if (!account) {
    await recordFailures(failures);
    throw new ForbiddenError(WRONG_CURRENT_PASSWORD);
  }
  return account;
}
