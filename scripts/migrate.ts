/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
import { withScriptDatabase } from "./script-db";
import { applyPendingMigrations } from "../lib/platform/server/migrations";

withScriptDatabase(async () => {
  const applied = await applyPendingMigrations(process.env.DATABASE_URL!);
  console.log(applied ? `Applied ${applied} migration(s).` : "The database is up to date.");
}).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
