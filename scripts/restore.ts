/** `npm run restore -- FILE`: rebuilds an empty DATA_DIR from a file written by `npm run backup`. */
import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { restoreInstance, BackupError } from "../lib/platform/server/backup";
import { reasonOf } from "../lib/platform/server/startup-errors";
import { InstanceLockedError } from "../lib/platform/server/instance-lock";

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  const file = process.argv[2];
  if (!file) fail("Name the backup file to restore: npm run restore -- FILE.");
  loadEnvConfig(process.cwd());
  const dataDir = path.resolve(process.env.DATA_DIR || ".data");
  await restoreInstance(file, dataDir);
  console.log(`✓ DATA_DIR=${dataDir} restored from ${path.resolve(file)}: start the server on it (the database finishes its recovery on that first start).`);
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof InstanceLockedError) fail(err.message);
  if (process.env.DEBUG) console.error(err);
  fail(`The restore failed (${reasonOf(err).replace(/\.$/, "")}): fix the cause it names and run it again (DEBUG=1 prints the stack trace).`);
});
