import fs from "node:fs";
import path from "node:path";
import { buildOpenApi, type RouteFile } from "@/lib/features/api/openapi";

/** Where `npm run openapi` writes the document, and what GET /api/openapi.json serves. */
export const OPENAPI_FILE = path.join(process.cwd(), "docs/openapi.json");

const API_DIR = path.join(process.cwd(), "app/api");

function routeDirs(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeDirs(full);
    return entry.name === "route.ts" ? [path.relative(API_DIR, dir).split(path.sep).join("/")] : [];
  });
}

/** Imports every app/api route module and builds the document from what its builders declare. */
export async function generateOpenApi() {
  const files: RouteFile[] = [];
  for (const dir of routeDirs().sort()) {
    const file = path.join(API_DIR, dir, "route.ts");
    files.push({ dir, module: (await import(file)) as Record<string, unknown>, source: fs.readFileSync(file, "utf8") });
  }
  return buildOpenApi(files);
}

/** The file's exact text: two-space JSON and a final newline. */
export function openApiText(document: unknown) {
  return `${JSON.stringify(document, null, 2)}\n`;
}
