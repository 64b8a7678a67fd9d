import "server-only";
import { after } from "next/server";

/**
 * Work the caller's answer should not wait for, and must not fail because of (owner notifications, the NDA
 * certificate mail): inside a request it runs after the response is sent; outside one (jobs, scripts, jest) it
 * runs inline. Failures are logged on the server, never thrown: the recipient's acceptance or view stands
 * whether or not a mail could be delivered.
 */
export async function runAfterResponse(label: string, work: () => Promise<unknown>) {
  const guarded = async () => {
    try {
      await work();
    } catch (err) {
      console.error(`[after-response] ${label} failed:`, err);
    }
  };
  try {
    after(guarded);
  } catch {
    // `after` throws synchronously outside a request scope.
    await guarded();
  }
}
