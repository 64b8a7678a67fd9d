import "./console-guard";
import { restoreEnv } from "../test-env";

// The "unit" jest project: no database, only the environment restored between tests.
beforeEach(() => {
  restoreEnv();
});
