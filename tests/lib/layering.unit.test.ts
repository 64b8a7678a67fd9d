import fs from "node:fs";
import path from "node:path";

/**
 * One copy of each rule: lib/ is the bottom layer. It never imports from components/ or app/, and its
 * modules import each other without cycles (a cycle makes the load order decide which export is still undefined).
 * Read from the source text: static `import … from` and `export … from`; `import type` is erased at build time and
 * cannot make a runtime cycle, so it is not counted.
 */
const ROOT = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated") out.push(...sourceFiles(rel)); // Prisma's generated client
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+["']([^"']+)["']/gms;

function imports(file: string): { spec: string; typeOnly: boolean }[] {
  const src = fs.readFileSync(path.join(ROOT, file), "utf8");
  return [...src.matchAll(IMPORT)].map((m) => ({ spec: m[2], typeOnly: Boolean(m[1]) }));
}

/** A project file for an "@/…" or relative specifier, or null for packages. */
function resolve(spec: string, from: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

const LIB = sourceFiles("lib");

describe("lib/ layering", () => {
  it("finds the lib modules it checks", () => {
    expect(LIB).toContain("lib/domain/files/index.ts");
    expect(LIB).toContain("lib/domain/ideas/content.ts");
    expect(imports("lib/domain/shares/readable-asset.ts").map((i) => i.spec)).toContain("@/lib/domain/ideas/image-links");
  });

  it("never imports from components/ or app/", () => {
    const offending = LIB.flatMap((file) =>
      imports(file)
        .map(({ spec }) => resolve(spec, file))
        .filter((target): target is string => target !== null && /^(components|app)\//.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it("has no import cycle between its modules", () => {
    const graph = new Map(
      LIB.map((file) => [
        file,
        imports(file)
          .filter((i) => !i.typeOnly)
          .map((i) => resolve(i.spec, file))
          .filter((target): target is string => target !== null && target.startsWith("lib/")),
      ]),
    );
    // Depth-first search: an edge back to a module still on the stack closes a cycle.
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, "open");
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next].join(" -> "));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, "done");
    };
    for (const file of LIB) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
