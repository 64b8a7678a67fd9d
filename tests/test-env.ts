import { resetEnvCache } from "@/lib/platform/env";

// No database here: unit tests (*.unit.test.ts) import these directly; tests/db-utils.ts re-exports them.
type Saved = Record<string, string | undefined>;
const store = globalThis as { __savedEnv?: Saved };

/** Changes environment variables for one test; restored before the next (see tests/setup). */
export function setEnv(vars: Record<string, string | undefined>) {
  const saved = store.__savedEnv ?? {};
  for (const [k, v] of Object.entries(vars)) {
    if (!(k in saved)) saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  store.__savedEnv = saved;
  resetEnvCache();
}

export function restoreEnv() {
  for (const [k, v] of Object.entries(store.__savedEnv ?? {})) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  store.__savedEnv = undefined;
  resetEnvCache();
}
