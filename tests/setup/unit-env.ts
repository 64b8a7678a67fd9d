import os from "node:os";
import path from "node:path";
import { applyTestEnv } from "./test-db";

// The "unit" jest project has no database: DATABASE_URL is unset, so code that reaches for one fails loudly.
// DATA_DIR is never created: with the secrets set below nothing in a pure test writes there.
// No time-stamping authority either: a unit test that wants one starts its own fake (tests/fakes/tsa.ts).
applyTestEnv({ TSA_URLS: "", DATABASE_URL: undefined, DATA_DIR: path.join(os.tmpdir(), "ideavault-unit-tests-no-data") });
