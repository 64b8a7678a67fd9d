/**
 * Instances beside the suite's server: what the landing page and /login offer depends on the instance (no account yet,
 * open registration, invitations only), and the suite's server is an open one with accounts. These fixtures start
 * the production build (`scripts/serve.ts start`, embedded PostgreSQL) on a throw-away DATA_DIR and a free port.
 */
import { startApp, type AppUnderTest } from "../../scripts/app-under-test";
import { freePort } from "./scale-out-cluster";
import { test as suite } from "./fixtures";
import { registerFirstAccount } from "./first-account";

/** An instance of its own, in `mode`, with no account yet. */
export async function startInstance(mode: "invite" | "open"): Promise<AppUnderTest> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  return startApp(port, { REGISTRATION_MODE: mode, NEXTAUTH_URL: base, DEV_OUTBOX: "true", RATE_LIMIT_SCALE: "40" });
}

/**
 * `inviteOnly`: the tests' pages and requests go to an invite-only instance that has its first account (SPEC's
 * invite-only texts), one per worker that asks for it.
 */
export const inviteOnlyTest = suite.extend<object, { inviteOnlyInstance: AppUnderTest }>({
  inviteOnlyInstance: [
    async ({}, use) => {
      const app = await startInstance("invite");
      try {
        await registerFirstAccount(app.base);
        await use(app);
      } finally {
        await app.stop();
      }
    },
    // Its start (a PostgreSQL cluster made and migrated, then the server) takes tens of seconds on a busy machine.
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ inviteOnlyInstance }, use) => use(inviteOnlyInstance.base),
});
