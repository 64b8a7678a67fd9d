/**
 * What a long-running server (scripts/serve.ts) does on SIGINT/SIGTERM before its embedded database stops, in stages:
 * the queue workers end their current run (stage 0), then the database pools close (stage 1), so nothing is cut off
 * mid-query and no connection is terminated under a pool.
 *
 * The hooks live on globalThis: scripts/serve.ts and the app's bundled modules each load their own copy of this
 * module, in one process. No "server-only" here, so that the script can import it.
 */
type Hook = { stage: number; run: () => Promise<void> };

const registry = globalThis as unknown as { __ideavaultShutdownHooks?: Map<string, Hook> };

/** Registers (or replaces, by name: a dev server's reload) what to do at shutdown. */
export function onShutdown(name: string, stage: 0 | 1, run: () => Promise<void>) {
  (registry.__ideavaultShutdownHooks ??= new Map()).set(name, { stage, run });
}

/** Runs every hook, stage by stage; a failing hook is logged and the others still run. */
export async function runShutdownHooks() {
  const hooks = [...(registry.__ideavaultShutdownHooks ?? new Map<string, Hook>()).entries()];
  registry.__ideavaultShutdownHooks?.clear();
  for (const stage of [0, 1]) {
    await Promise.all(
      hooks
        .filter(([, hook]) => hook.stage === stage)
        .map(([name, hook]) => hook.run().catch((err: unknown) => console.error(`[shutdown] ${name} failed`, err))),
    );
  }
}
