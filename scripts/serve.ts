/**
 * `npm run dev` / `npm start`: one process that runs the embedded PostgreSQL (unless DATABASE_URL is set),
 * applies pending migrations, then serves Next.js. The HTTP server is ours so that the client's socket
 * address reaches the app (x-ideavault-client-ip) and shutdown stops the database cleanly.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import next from "next";
import { loadEnvConfig } from "@next/env";
import { parseEnv, EnvError, type Env } from "../lib/env";
import { readOrCreateLocalSecrets } from "../lib/server/local-secrets";
import { acquireInstanceLock } from "../lib/server/instance-lock";
import { startEmbeddedDb, type EmbeddedDb } from "../lib/server/embedded-db";
import { applyPendingMigrations } from "../lib/server/migrations";
import { CLIENT_IP_HEADER } from "../lib/http/client-ip";
import { isDecodablePath } from "../lib/http/decodable-path";
import { RUNTIME_FILE } from "./script-db";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const dev = mode === "dev";
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.IDEAVAULT_CUSTOM_SERVER = "true";

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  const started = Date.now();
  loadEnvConfig(process.cwd(), dev); // .env, .env.local … as Next.js itself would read them
  const dataDir = path.resolve(process.env.DATA_DIR || ".data");
  process.env.DATA_DIR = dataDir;

  let releaseLock: (() => void) | undefined;
  let database: EmbeddedDb | undefined;
  if (!process.env.DATABASE_URL) {
    try {
      releaseLock = acquireInstanceLock(dataDir);
    } catch (err) {
      fail((err as Error).message);
    }
    const secrets = readOrCreateLocalSecrets(dataDir);
    database = await startEmbeddedDb({
      dir: path.join(dataDir, "postgres"),
      password: secrets.dbPassword,
      log: (line) => process.env.DEBUG_DB && console.log(`[postgres] ${line}`),
    }).catch((err: Error) => fail(`The embedded PostgreSQL did not start: ${err.message}`));
    process.env.DATABASE_URL = database.url;
    process.env.IDEAVAULT_EMBEDDED_DB = "true";
    // Lets `npm run invite` reach this server's database while it runs.
    fs.writeFileSync(path.join(dataDir, RUNTIME_FILE), JSON.stringify({ pid: process.pid, databaseUrl: database.url }), { mode: 0o600 });
  }

  const running: { server?: http.Server } = {};
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal} received: stopping IdeaVault…`);
    running.server?.close();
    try {
      await database?.stop();
    } finally {
      fs.rmSync(path.join(dataDir, RUNTIME_FILE), { force: true });
      releaseLock?.();
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  let env: Env;
  try {
    env = parseEnv();
    // Next's own modules (and next-auth) read these directly.
    process.env.NEXTAUTH_SECRET = env.NEXTAUTH_SECRET;
    process.env.ENCRYPTION_KEY = env.ENCRYPTION_KEY;
    process.env.ENCRYPTION_KEY_ID = env.ENCRYPTION_KEY_ID;
    if (!dev && !env.NEXTAUTH_URL) {
      console.warn(`NEXTAUTH_URL is not set: links in e-mails will point to http://localhost:${env.PORT}. Set it to the address people use.`);
    }
  } catch (err) {
    if (err instanceof EnvError) {
      await database?.stop();
      releaseLock?.();
      fail(err.message);
    }
    throw err;
  }

  try {
    await applyPendingMigrations(process.env.DATABASE_URL!);
  } catch (err) {
    await database?.stop();
    releaseLock?.();
    fail(`Database migration failed: ${(err as Error).message}`);
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
  running.server = server;
  server.listen(port, hostname, () => {
    const db = database ? `embedded PostgreSQL in ${path.join(dataDir, "postgres")}` : "DATABASE_URL";
    console.log(`▲ IdeaVault ${dev ? "dev" : "production"} server on http://localhost:${port} (${db}) — ready in ${Date.now() - started} ms`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
