import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_CRON_SECRET, e2eFakeUrls } from "./tests/e2e/timestamp-fakes";
import { E2E_RATE_LIMIT_SCALE } from "./tests/e2e/server-env";

/**
 * End-to-end tests against the production build (`npm run test:e2e` builds it first; `npm test` builds once), served by `npm start` with its own
 * embedded PostgreSQL in a fresh temporary DATA_DIR, so a run never touches a developer's data.
 */

const PORT = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
// Calendars and explorer for the timestamp job: fakes on loopback, started by the global setup.
const fakes = e2eFakeUrls(PORT);

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]", ""]);

// The server would use DATABASE_URL instead of its embedded database: never point the tests at a remote one.
if (process.env.DATABASE_URL) {
  let host: string;
  try {
    host = new URL(process.env.DATABASE_URL).hostname;
  } catch {
    throw new Error("E2E tests refuse to run: DATABASE_URL is set but is not a valid URL.");
  }
  if (!LOCAL_HOSTS.has(host)) {
    throw new Error(`E2E tests refuse to run against a non-local database (DATABASE_URL host "${host}"). Unset DATABASE_URL.`);
  }
}

// The config is loaded by the runner and again by every worker: create the data directory once (in the runner)
// and hand it to the workers (and the tests' outbox reader) through the environment they inherit.
if (!process.env.E2E_DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-e2e-"));
  process.env.E2E_DATA_DIR = dir;
  if (!process.env.E2E_KEEP_DATA) {
    // The web server (and its PostgreSQL) has stopped by the time the runner exits.
    process.on("exit", () => {
      try {
        fs.rmSync(dir, { recursive: true, force: true });
      } catch {
        // Leave it for the OS to clean up.
      }
    });
  }
}

// The server inherits the runner's environment: drop what would change its behaviour (https cookies, real e-mail).
for (const key of ["NEXTAUTH_URL", "RESEND_API_KEY", "VERCEL", "TRUST_PROXY"]) delete process.env[key];

const config = defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // A test that passes only on a retry is a failing test: no retries, fix the flake instead.
  retries: 0,
  reporter: "list",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace snapshots the page at every action and expect and films it: on the busy 2-core machine that
    // doubled the time of clicks, navigations and expects (editor-polish.spec.ts: 251 s summed without, 404 s with)
    // and pushed tests past their timeouts. Off by default; E2E_TRACE=1 records one and keeps it for a failed test.
    // A failure still leaves its screenshot and error context (the page's accessibility tree) either way.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    locale: "en-GB",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "npm start",
    url: baseURL,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR!,
      REGISTRATION_MODE: "open",
      RATE_LIMIT_SCALE: String(E2E_RATE_LIMIT_SCALE),
      // Two tests see a second e-mail code refused, then sent: 10 s between codes instead of 30 s (lib/platform/env/index.ts).
      RECIPIENT_CODE_RESEND_S: "10",
      // The owner's recipient mails wait 2 s for the rest of a burst instead of a minute (lib/domain/notifications/queue.ts).
      NOTIFY_BURST_S: "2",
      // The tests follow e-mailed links and read /dev/outbox (a developer-only page) from this local server.
      NEXTAUTH_URL: baseURL,
      DEV_OUTBOX: "true",
      // The tests run the timestamp job themselves through the cron call.
      CRON_SECRET: E2E_CRON_SECRET,
      OTS_INTERVAL_S: "0",
      OTS_CALENDARS: fakes.calendars.join(","),
      OTS_MIN_CALENDARS: "2",
      OTS_TIMEOUT_MS: "3000",
      ESPLORA_URL: fakes.explorers.join(","),
      TSA_URLS: fakes.tsa,
      // A hostile page passes its CPU budget in 3 s instead of 10 (the reader's test of a page too complex to draw).
      RENDER_TIMEOUT_MS: "3000",
      // The webhook tests' receiver listens on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: "true",
    },
  },
});

// A spec that opens only local files (verify.html, from a file:// URL) needs no server: E2E_NO_SERVER=1 runs it
// without a build and without starting one.
if (process.env.E2E_NO_SERVER) delete config.webServer;

export default config;
