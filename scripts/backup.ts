/**
 * `npm run backup -- FILE`: a consistent snapshot of the instance in DATA_DIR (database, blobs, generated secrets)
 * as one .tar.gz, taken while the server runs or while it is stopped. `npm run restore -- FILE` reads it back.
 */
import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { backupInstance, BackupError } from "../lib/platform/server/backup";
import { StartupError, reasonOf } from "../lib/platform/server/startup-errors";
import { InstanceLockedError } from "../lib/platform/server/instance-lock";

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  const file = process.argv[2];
  if (!file) fail("Name the file to write the backup to: npm run backup -- FILE.");
  loadEnvConfig(process.cwd());
  const dataDir = path.resolve(process.env.DATA_DIR || ".data");
  if (process.env.DATABASE_URL) {
    fail("DATABASE_URL is set, so the database is not the embedded one: back it up with your provider's tools (docs/operations.md, 'Backup of a managed deployment').");
  }
  const result = await backupInstance(dataDir, file);
  const how = result.serverPid ? `while the server (pid ${result.serverPid}) was running` : "with no server running";
  console.log(`✓ Backup of DATA_DIR=${dataDir} written to ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB), taken ${how}.`);
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof StartupError || err instanceof InstanceLockedError) fail(err.message);
  if (process.env.DEBUG) console.error(err);
  fail(`The backup failed (${reasonOf(err).replace(/\.$/, "")}): fix the cause it names and run it again (DEBUG=1 prints the stack trace).`);
});
