/**
 * The reference app `npm run page-weight` and `npm run lighthouse` measure our pages against: what create-next-app's
 * App Router template renders, minus its CSS, fonts and images (a root layout with <html><body> and an <h1>, since
 * Lighthouse needs something to paint). It lives outside the repository: inside it, Next finds our next.config.mjs
 * upwards and Turbopack builds our instrumentation.ts and proxy.ts into it. It borrows our node_modules through a
 * symlink, so it runs the very same `next`, `react` and bundler, and it is rebuilt only when `next` or this template
 * changes.
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitFor } from "./bench/server";
import { NEXT_BIN, ROOT, startServer, stopServer } from "./app-under-test";

export const NEXT_VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8")) as { version: string }).version;
// One reference app per checkout (it links to this checkout's node_modules).
const BLANK_DIR = path.join(os.tmpdir(), `ideavault-blank-next-${NEXT_VERSION}-${crypto.createHash("sha256").update(ROOT).digest("hex").slice(0, 8)}`);

const FILES: Record<string, string> = {
  "app/layout.jsx":
    'export const metadata = { title: "Blank" };\nexport default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  "app/page.jsx": "export default function Page() {\n  return <main><h1>Blank page</h1></main>;\n}\n",
  "package.json": JSON.stringify({ name: "blank-next-app", private: true }, null, 2),
  // Turbopack refuses files (the symlinked node_modules) outside its root: use the common ancestor.
  "next.config.mjs": `export default { turbopack: { root: ${JSON.stringify(commonAncestor(BLANK_DIR, ROOT))} } };\n`,
};

function commonAncestor(a: string, b: string) {
  const pa = a.split(path.sep);
  const pb = b.split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa.slice(0, i).join(path.sep) || path.sep;
}

function buildBlankApp() {
  const marker = path.join(BLANK_DIR, "built-with");
  const builtWith = `${NEXT_VERSION} ${crypto.createHash("sha256").update(JSON.stringify(FILES)).digest("hex")}`;
  if (fs.existsSync(path.join(BLANK_DIR, ".next", "BUILD_ID")) && fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === builtWith) return;
  fs.rmSync(BLANK_DIR, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(BLANK_DIR, file)), { recursive: true });
    fs.writeFileSync(path.join(BLANK_DIR, file), text);
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(BLANK_DIR, "node_modules"), "dir");
  console.log(`Building the blank reference app (next ${NEXT_VERSION}) in ${BLANK_DIR} ...`);
  const res = spawnSync(process.execPath, [NEXT_BIN, "build"], {
    cwd: BLANK_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`blank app build failed:\n${res.stdout}\n${res.stderr}`);
  for (const extra of ["instrumentation.js", "middleware.js"]) {
    if (fs.existsSync(path.join(BLANK_DIR, ".next", "server", extra))) throw new Error(`the blank app is not blank: it has ${extra}`);
  }
  fs.writeFileSync(marker, builtWith);
}

/** Builds the reference app if needed and serves it with `next start` on 127.0.0.1:`port`. */
export async function startBlankApp(port: number): Promise<{ base: string; stop: () => Promise<void> }> {
  buildBlankApp();
  const server = startServer([NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {}, BLANK_DIR);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/`, 60_000);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return { base, stop: () => stopServer(server) };
}
