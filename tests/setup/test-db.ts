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
