import nextJest from "next/jest.js";

/** @type {import("jest").Config} */

const createJestConfig = nextJest({ dir: "./" });

const nextConfig = createJestConfig({
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  maxWorkers: 2,
  globalSetup: "<rootDir>/tests/setup/global-setup.ts",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.ts",
  setupFiles: ["<rootDir>/tests/setup/worker-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/after-env.ts"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/tests/setup/empty-module.js",
    // jest cannot load Prisma's .mjs query compiler; the .js build is the same code.
    "^@prisma/client/runtime/(query_compiler_bg\\..*)\\.mjs$": "@prisma/client/runtime/$1.js",
    "^@/(.*)$": "<rootDir>/$1",
  },
  // Generous: on a busy 2-core machine CREATE DATABASE and bcrypt can take seconds; tests wait for conditions, not time.
  testTimeout: 60000,
});

/**
 * @react-email/render loads react-dom/server with a dynamic import(), which jest's CommonJS runtime cannot run
 * untransformed: its Node build goes through the same SWC transform as our code (import() becomes require).
 */
const REACT_EMAIL_RENDER = "@react-email/render";

export default async function jestConfig() {
  const config = await nextConfig();
  const [nodeModules, ...rest] = config.transformIgnorePatterns;
  if (!nodeModules.includes("(?!(")) throw new Error(`Unexpected next/jest transformIgnorePatterns: ${nodeModules}`);
  return {
    ...config,
    transformIgnorePatterns: [nodeModules.replace("(?!(", `(?!(${REACT_EMAIL_RENDER}|`), ...rest],
    transform: { ...config.transform, "^.+/@react-email/render/dist/node/index\\.cjs$": config.transform["^.+\\.(js|jsx|ts|tsx|mjs)$"] },
  };
}
