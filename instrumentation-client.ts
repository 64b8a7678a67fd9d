import { config } from "zod/v4/core";

// Runs in the browser before any of the app's modules. zod compiles object schemas with `new Function` when it
// can and probes for that once; under our Content-Security-Policy (no 'unsafe-eval') the probe fails quietly but
// the browser still reports a violation. Object schemas read this setting when they are created, so it must be
// set here, before lib/validation is loaded. Validation is the same, only interpreted.
config({ jitless: true });
