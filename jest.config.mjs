import nextJest from "next/jest.js";

/** @type {import("jest").Config} */

const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
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
