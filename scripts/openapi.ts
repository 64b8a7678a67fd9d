/**
 * `npm run openapi`: regenerates docs/openapi.json from the route builders' declarations (lib/features/api/openapi.ts).
 * tests/app/api/openapi.test.ts fails while the checked-in file differs from a fresh one.
 */
import fs from "node:fs";
import { generateOpenApi, OPENAPI_FILE, openApiText } from "./openapi-document";

async function main() {
  const text = openApiText(await generateOpenApi());
  fs.writeFileSync(OPENAPI_FILE, text);
  console.log(`Wrote ${OPENAPI_FILE} (${text.length} bytes)`);
  // Route modules may start timers (render pool, database pool): the document is written, nothing else is waited for.
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
