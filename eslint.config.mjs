import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
    files: ["app/**", "lib/**", "components/**"],
    ignores: ["lib/platform/env/index.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through getEnv() from lib/platform/env/index.ts." }],
    },
  },
  {
    // Toasts go through client/toast, which loads sonner on the first toast (no page's first load
    // carries it); only the Toaster itself imports sonner.
    files: ["app/**", "lib/**", "components/**"],
    ignores: ["components/ui/sonner.tsx"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "sonner", message: "Import { toast } from \"@/client/toast\" (sonner loads on the first toast)." }] }],
    },
  },
  {
    // Playwright fixtures call a parameter named `use`, which is not React's hook.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", ".data/**", "lib/generated/**", "node_modules/**", "playwright-report/**", "test-results/**", "next-env.d.ts", "tests/setup/empty-module.js"]),
]);
