import nextJest from "next/jest.js";

/**
 * @react-email/render loads react-dom/server with a dynamic import(), which jest's CommonJS runtime cannot run
 * untransformed: its Node build goes through the same SWC transform as our code (import() becomes require).
 */
const REACT_EMAIL_RENDER = "@react-email/render";
/** pdf.js (lib/domain/reader) ships only ES modules; Next loads them natively, jest gets them through the same transform. */
const PDFJS = "pdfjs-dist";
/** pkijs and asn1js (RFC 3161 tokens) and what they import ship only ES modules too. */
const PKI = "pkijs|asn1js|@noble/hashes|@peculiar/utils|bytestreamjs";

function transformReactEmail(config) {
  const [nodeModules, ...rest] = config.transformIgnorePatterns;
  if (!nodeModules.includes("(?!(")) throw new Error(`Unexpected next/jest transformIgnorePatterns: ${nodeModules}`);
  return {
    ...config,
    transformIgnorePatterns: [nodeModules.replace("(?!(", `(?!(${REACT_EMAIL_RENDER}|${PDFJS}|${PKI}|`), ...rest],
    transform: { ...config.transform, "^.+/@react-email/render/dist/node/index\\.cjs$": config.transform["^.+\\.(js|jsx|ts|tsx|mjs)$"] },
  };
}

/**
 * Two projects (docs/testing.md):
 * - unit: files named `*.unit.test.ts`: pure code, no database (no PostgreSQL is started for them);
 * - db: every other `*.test.ts`: integration tests on a real PostgreSQL, tables emptied before each case.
 * A new test file is a db test unless its name says unit.
 */
const shared = transformReactEmail(
  await nextJest({ dir: "./" })({
    testEnvironment: "node",
    roots: ["<rootDir>/tests"],
    moduleNameMapper: {
      "^server-only$": "<rootDir>/tests/setup/empty-module.js",
      // jest cannot load Prisma's .mjs query compiler; the .js build is the same code.
      "^@prisma/client/runtime/(query_compiler_bg\\..*)\\.mjs$": "@prisma/client/runtime/$1.js",
      "^@/(.*)$": "<rootDir>/$1",
    },
  })(),
);

/** @type {import("jest").Config} */
const config = {
  maxWorkers: 2,
  // Generous: on a busy 2-core machine CREATE DATABASE and bcrypt can take seconds; tests wait for conditions, not time.
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: "unit",
      testMatch: ["**/*.unit.test.ts"],
      setupFiles: ["<rootDir>/tests/setup/unit-env.ts"],
      setupFilesAfterEnv: ["<rootDir>/tests/setup/unit-after-env.ts"],
    },
    {
      ...shared,
      displayName: "db",
      testMatch: ["**/*.test.ts"],
      testPathIgnorePatterns: [...(shared.testPathIgnorePatterns ?? []), "\\.unit\\.test\\.ts$"],
      // Started only when a db test is selected.
      globalSetup: "<rootDir>/tests/setup/global-setup.ts",
      globalTeardown: "<rootDir>/tests/setup/global-teardown.ts",
      setupFiles: ["<rootDir>/tests/setup/worker-env.ts"],
      setupFilesAfterEnv: ["<rootDir>/tests/setup/after-env.ts"],
    },
  ],
};

export default config;
