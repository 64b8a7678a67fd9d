import fs from "node:fs";
import path from "node:path";

/**
 * instrumentation-client.ts switches zod to interpreted validation (no `new Function`, which our CSP refuses) without
 * importing zod: zod adopts the global configuration object it finds when it loads.
 */
describe("instrumentation-client", () => {
  const host = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  let saved: Record<string, unknown> | undefined;
  beforeEach(() => {
    saved = host.__zod_globalConfig;
    delete host.__zod_globalConfig;
  });
  afterEach(() => {
    host.__zod_globalConfig = saved;
  });

  it("makes zod jitless when zod loads after it", async () => {
    await jest.isolateModulesAsync(async () => {
      await import("@/instrumentation-client");
      const { config, util } = await import("zod/v4/core");
      expect(config().jitless).toBe(true);
      // Object schemas then never probe for eval (the probe is what the CSP reports).
      expect(util.allowsEval.value).toBe(false);
    });
  });

  it("does not import zod (it would load on every page, the recipient pages included)", () => {
    const source = fs.readFileSync(path.join(process.cwd(), "instrumentation-client.ts"), "utf8");
    expect(source).not.toMatch(/\b(?:import|require)\b[^;]*["']zod/);
  });
});
