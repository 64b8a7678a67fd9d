// Runs in the browser before any of the app's modules. zod compiles object schemas with `new Function` when it
// can and probes for that once; under our Content-Security-Policy (no 'unsafe-eval') the probe fails quietly but
// the browser still reports a violation. Object schemas read `jitless` when they are created, so it must be set
// here, before lib/domain/validation is loaded. Validation is the same, only interpreted.
//
// Set through the global object zod adopts as its configuration when it loads (zod/v4/core core.js:
// `globalThis.__zod_globalConfig ??= {}`), not through zod's config(): importing zod here would put its core into
// every page's first load, pages that never validate anything included (the recipient pages' JavaScript budget).
// tests/instrumentation-client.unit.test.ts checks that zod still honours it.
const host = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(host.__zod_globalConfig ??= {}).jitless = true;

export {};
