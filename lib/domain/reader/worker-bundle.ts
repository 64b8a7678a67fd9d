import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The render worker (lib/domain/reader/render-worker.ts) as one plain ES module, built with esbuild the first time this
 * process starts the pool. Loading the TypeScript through a loader at every process start cost seconds: the loader
 * also transforms pdf.js's 6 MB of modules. The bundle holds only our code (packages stay imports, loaded natively)
 * and lives under node_modules/.cache, where those imports resolve. Built once per server process and named by its
 * content, so two servers (or jest workers) sharing the folder never overwrite each other's file mid-read.
 */
const ENTRY = path.join(process.cwd(), "lib/domain/reader/render-worker.ts");
const CACHE_DIR = path.join(process.cwd(), "node_modules", ".cache", "ideavault");

let building: Promise<string> | null = null;

export function renderWorkerBundle(): Promise<string> {
  building ??= build();
  building.catch(() => (building = null));
  return building;
}

async function build(): Promise<string> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(process.cwd(), "tsconfig.json"),
    logLevel: "silent",
    plugins: [
      {
        // `import "server-only"` guards our modules against client bundles; this process is server code.
        name: "server-only",
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
          b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
        },
      },
    ],
  });
  // esbuild keeps a service process for further builds; there are none.
  await esbuild.stop();
  const code = result.outputFiles[0]!.contents;
  const file = path.join(CACHE_DIR, `render-worker-${crypto.createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  }
  return file;
}
