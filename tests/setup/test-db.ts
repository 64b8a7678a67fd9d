import os from "node:os";
import path from "node:path";

/** Shared between global setup (parent process) and the workers. */
/** One directory per jest run (set by global setup), so concurrent runs never share files. */
export const testRoot = () => process.env.IDEAVAULT_TEST_ROOT ?? path.join(os.tmpdir(), "ideavault-jest");
export const TEMPLATE_DB = "ideavault_template";
export const WORKER_DB_SLOTS = 8;
export const workerDbName = (id: string | number) => `ideavault_test_${id}`;
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
export const TEST_NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-42";

/** The variables every jest worker runs with (both projects); `extra` sets or (undefined) removes more. */
export function applyTestEnv(extra: Record<string, string | undefined>) {
  const vars: Record<string, string | undefined> = {
    NODE_ENV: "test",
    NEXTAUTH_SECRET: TEST_NEXTAUTH_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ENCRYPTION_KEY_ID: "test1",
    REGISTRATION_MODE: "open",
    RATE_LIMIT_SCALE: "1",
    // A busy machine makes any query "slow"; the warning would fail tests that log nothing wrong.
    DB_SLOW_QUERY_MS: "0",
    RESEND_API_KEY: undefined,
    BLOB_READ_WRITE_TOKEN: undefined,
    NEXTAUTH_URL: undefined,
    TRUST_PROXY: undefined,
    ENCRYPTION_OLD_KEYS: undefined,
    // One render process per jest worker (two workers on two cores); tests that count its jobs rely on it.
    RENDER_WORKERS: "1",
    ...extra,
  };
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}
