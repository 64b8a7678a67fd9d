import fs from "node:fs";
import path from "node:path";

/**
 * lib/ is three layers, each importing only the ones below it, and the folders of one layer import each other
 * without cycles:
 *   lib/platform  — infrastructure with no product knowledge (env, db, http, crypto, storage, email, rate limits, …)
 *   lib/domain    — the product's rules and records (validation, gate, files, ideas, shares, recipients, evidence, …)
 *   lib/features  — what composes the domain for one caller or one feature; nothing else in lib/ builds on them
 * and lib/ never imports the UI (client/, components/, app/). Every import counts, `import type` and `import()`
 * included: a type is a dependency of the design even when the build erases it. `npm run lint` checks the layer
 * order too (eslint.config.mjs); this test adds the cycles and the dynamic imports. Below the folders, single
 * modules must not import each other in a cycle at run time either (a cycle makes the load order decide which
 * export is still undefined); there `import type` is left out, as the build erases it.
 */
const ROOT = path.resolve(__dirname, "../..");
const LAYERS = ["platform", "domain", "features"] as const;
type Layer = (typeof LAYERS)[number];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (rel !== "lib/generated") out.push(...sourceFiles(rel)); // Prisma's generated client
    } else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Static imports and re-exports (with or without `type`), side-effect imports, import() and require(). */
const SPECIFIER =
  /^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/gms;

function specifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
}

/** The repository path an "@/…" or relative specifier names (without resolving extensions), or null for a package. */
function target(spec: string, from: string): string | null {
  if (spec.startsWith("@/")) return path.posix.normalize(spec.slice(2));
  if (spec.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return null;
}

/** lib/<layer>/<folder>, or the file itself when it sits directly in a layer; null outside the layers. */
function unitOf(file: string): { unit: string; layer: Layer } | null {
  const parts = file.split("/");
  if (parts[0] !== "lib" || !(LAYERS as readonly string[]).includes(parts[1]) || parts.length < 3) return null;
  const unit = parts.length === 3 ? parts.join("/").replace(/\.(ts|tsx|mts)$/, "") : parts.slice(0, 3).join("/");
  return { unit, layer: parts[1] as Layer };
}

type Edge = { from: string; to: string; file: string; spec: string };

/** Every import in lib/ that leaves its folder, and the ones that leave lib/ for the UI. */
function libImports(files: readonly string[]) {
  const edges: Edge[] = [];
  const intoUi: string[] = [];
  for (const file of files) {
    const from = unitOf(file);
    for (const spec of specifiers(fs.readFileSync(path.join(ROOT, file), "utf8"))) {
      const to = target(spec, file);
      if (to === null) continue;
      if (/^(client|components|app)(\/|$)/.test(to)) intoUi.push(`${file} imports ${spec}`);
      const toUnit = unitOf(to);
      if (!from || !toUnit || toUnit.unit === from.unit) continue;
      edges.push({ from: from.unit, to: toUnit.unit, file, spec });
    }
  }
  return { edges, intoUi };
}

/** Imports from a lower layer into a higher one. */
function upwardImports(edges: readonly Edge[]): string[] {
  const rank = (unit: string) => LAYERS.indexOf(unit.split("/")[1] as Layer);
  return edges.filter((e) => rank(e.from) < rank(e.to)).map((e) => `${e.file} (${e.from}) imports ${e.spec} (${e.to})`);
}

/** One cycle per strongly connected group of folders (Tarjan), each written as a path that returns to its start. */
function cycles(edges: readonly Pick<Edge, "from" | "to">[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  // A readable cycle inside each group: a depth-first walk from its first member back to it, inside the group.
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0];
    const seen = new Set<string>();
    const walk = (at: string, trail: string[]): string[] | null => {
      for (const next of [...graph.get(at)!].filter((n) => members.has(n)).sort()) {
        if (next === start) return [...trail, next];
        if (seen.has(next)) continue;
        seen.add(next);
        const found = walk(next, [...trail, next]);
        if (found) return found;
      }
      return null;
    };
    return walk(start, [start])!;
  });
}

/** The file a specifier names, extensions and index files resolved; null for a package or a missing file. */
function resolveFile(spec: string, from: string): string | null {
  const base = target(spec, from);
  if (base === null) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

/** Static imports and re-exports that stay at run time (no `import type`, no `export type`). */
const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+["']([^"']+)["']/gms;

/** The modules of lib/ with their run-time imports of other lib/ modules. */
function moduleGraph(files: readonly string[]) {
  return new Map(
    files.map((file) => [
      file,
      [...fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(RUNTIME_IMPORT)]
        .filter((m) => !m[1])
        .map((m) => resolveFile(m[2], file))
        .filter((to): to is string => to !== null && to.startsWith("lib/") && to !== file),
    ]),
  );
}

const LIB = sourceFiles("lib");
const { edges: EDGES, intoUi: INTO_UI } = libImports(LIB);

describe("lib/ layers", () => {
  it("reads the imports it checks", () => {
    expect(LIB.length).toBeGreaterThan(150);
    expect(specifiers('import type { A } from "@/lib/x";\nexport { b } from "../y";\nconst c = await import("./z");')).toEqual(["@/lib/x", "../y", "./z"]);
    expect(EDGES).toContainEqual(expect.objectContaining({ from: "lib/domain/shares", to: "lib/domain/gate" }));
    expect(EDGES).toContainEqual(expect.objectContaining({ from: "lib/platform/db", to: "lib/platform/env" }));
  });

  it("has nothing in lib/ outside the layers", () => {
    const entries = fs.readdirSync(path.join(ROOT, "lib")).filter((name) => name !== "generated");
    expect(entries.sort()).toEqual([...LAYERS].sort());
  });

  it("never imports the UI", () => {
    expect(INTO_UI).toEqual([]);
  });

  it("imports only from its own layer or the ones below", () => {
    expect(upwardImports(EDGES)).toEqual([]);
  });

  it("has no import cycle between its folders", () => {
    expect(cycles(EDGES).map((c) => c.join(" -> "))).toEqual([]);
  });

  it("has no run-time import cycle between its modules", () => {
    const graph = moduleGraph(LIB);
    expect(graph.get("lib/domain/shares/readable-asset.ts")).toContain("lib/domain/ideas/image-links.ts");
    const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));
    expect(cycles(edges).map((c) => c.join(" -> "))).toEqual([]);
  });

  it("would see an upward import and a cycle", () => {
    const edge = (from: string, to: string): Edge => ({ from, to, file: `${from}/x.ts`, spec: `@/${to}` });
    expect(upwardImports([edge("lib/platform/db", "lib/domain/ideas")])).toHaveLength(1);
    expect(upwardImports([edge("lib/features/api", "lib/platform/db")])).toEqual([]);
    expect(cycles([edge("lib/domain/a", "lib/domain/b"), edge("lib/domain/b", "lib/domain/c"), edge("lib/domain/c", "lib/domain/a")])).toEqual([
      ["lib/domain/a", "lib/domain/b", "lib/domain/c", "lib/domain/a"],
    ]);
    expect(cycles([edge("lib/domain/a", "lib/domain/b")])).toEqual([]);
  });
});
