import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const SONNER = { name: "sonner", message: "Import { toast } from \"@/client/toast\" (sonner loads on the first toast)." };

/**
 * lib/ in layers, each importing only the ones below it: platform (no product knowledge) < domain (the product's
 * rules and records) < features (what composes the domain; nothing in lib/ builds on them). lib/ never imports the
 * UI (client/, components/, app/). Cycles between the folders of one layer are caught by
 * tests/lib/layers.unit.test.ts, which also checks this order from the source text.
 */
const LAYERS = ["platform", "domain", "features"];
const UI = { regex: "^@/(client|components|app)(/|$)", message: "lib/ is below the UI: pass what it needs in, or move the code to client/." };

function layerBoundary(layer) {
  const above = LAYERS.slice(LAYERS.indexOf(layer) + 1);
  const patterns = [UI];
  if (above.length > 0) {
    patterns.push({
      regex: `^(@/lib/|(\\.\\./)+)(${above.join("|")})(/|$)`,
      message: `lib/${layer} sits below lib/${above.join(" and lib/")}: move the shared part down or pass it in as a parameter.`,
    });
  }
  return {
    files: [`lib/${layer}/**`],
    rules: { "no-restricted-imports": ["error", { paths: [SONNER], patterns }] },
  };
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // One env module: the app reads configuration through getEnv() (docs/architecture.md).
    files: ["app/**", "lib/**", "components/**", "client/**"],
    ignores: ["lib/platform/env/index.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through getEnv() from lib/platform/env/index.ts." }],
    },
  },
  {
    // Toasts go through client/toast, which loads sonner on the first toast (no page's first load
    // carries it); only the Toaster itself imports sonner.
    files: ["app/**", "lib/**", "components/**", "client/**"],
    ignores: ["components/ui/sonner.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [SONNER] }],
    },
  },
  ...LAYERS.map(layerBoundary),
  {
    // Playwright fixtures call a parameter named `use`, which is not React's hook.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", ".data/**", ".lighthouse/**", "lib/generated/**", "node_modules/**", "playwright-report/**", "test-results/**", "next-env.d.ts", "tests/setup/empty-module.js"]),
]);
