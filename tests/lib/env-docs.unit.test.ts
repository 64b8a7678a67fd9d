import fs from "node:fs";
import path from "node:path";

// docs/configuration.md is where a newcomer looks a variable up: every one lib/platform/env/index.ts reads must be there.
const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

function envVariables() {
  const source = read("lib/platform/env/index.ts");
  const body = source.slice(source.indexOf("const schema = z.object({"), source.indexOf("}).refine("));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
}

it("docs/configuration.md names every variable lib/platform/env/index.ts reads", () => {
  const names = envVariables();
  expect(names).toEqual(expect.arrayContaining(["DATA_DIR", "DATABASE_URL", "ENCRYPTION_KEY", "WEBHOOKS_ALLOW_PRIVATE"]));
  const documented = new Set([...read("docs/configuration.md").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
  // A pair written `GOOGLE_CLIENT_ID`/`_SECRET` documents both.
  for (const m of read("docs/configuration.md").matchAll(/`([A-Z][A-Z0-9_]+)_ID`\/`_SECRET`/g)) documented.add(`${m[1]}_SECRET`);
  expect(names.filter((name) => !documented.has(name))).toEqual([]);
});
