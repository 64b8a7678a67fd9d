import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { routeDeclaration } from "@/lib/features/api/routes";
import { API_DIR, apiRouteDirs } from "../../route-harness";

/**
 * Every method of every route handler is made by a route builder (lib/features/api/routes.ts), which carries who may call it,
 * its rate limits and its input schemas: a handler written by hand would skip them. The table is the file system
 * itself, so a new route is covered without touching this test.
 */

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** next-auth's catch-all is its own router (OAuth callbacks, CSRF, sessions): it is handed the request untouched. */
const NOT_OURS = new Set(["auth/[...nextauth]"]);

const dirs = apiRouteDirs().sort();
const source = (dir: string) => fs.readFileSync(path.join(API_DIR, dir, "route.ts"), "utf8");

describe("every API route is made by a builder", () => {
  it("finds the routes", () => {
    expect(dirs.length).toBeGreaterThanOrEqual(78);
    expect(dirs).toEqual(expect.arrayContaining(["ideas", "share/[token]", "cron/timestamps", "health", "auth/[...nextauth]"]));
  });

  it.each(dirs.filter((d) => !NOT_OURS.has(d)))("%s", async (dir) => {
    const mod = (await import(path.join(API_DIR, dir, "route.ts"))) as Record<string, unknown>;
    const methods = METHODS.filter((m) => m in mod);
    expect(methods.length).toBeGreaterThan(0);
    const handMade = methods.filter((m) => !routeDeclaration(mod[m]));
    expect(handMade).toEqual([]);
  });

  it("no route file checks a session or counts a limit itself", () => {
    const offenders = dirs.filter((dir) => /\brequireUser\(|\benforceRateLimits\(|\bprivateRoute\b|\broute\(/.test(source(dir)));
    expect(offenders).toEqual([]);
  });

  it("the builders' mark cannot be faked by a plain function", () => {
    expect(routeDeclaration(async () => new Response())).toBeUndefined();
    expect(routeDeclaration(undefined)).toBeUndefined();
  });
});

/**
 * Request limits are the routes' policy, counted by the builders (a load may yield limits keyed on what it found):
 * no lib/domain module may reach the rate limiter, by a static, type-only or dynamic import, relative or aliased.
 */
describe("lib/domain counts no request limits", () => {
  const DOMAIN = path.join(process.cwd(), "lib/domain");
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"']+)["']/g;

  /** The files of `dir` whose imports resolve into lib/platform/rate-limit. */
  function importersOfRateLimit(dir: string) {
    return files(dir).filter((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(SPECIFIER)].some(([, spec]) => {
        const target = spec.startsWith("@/") ? path.join(process.cwd(), spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
        return target !== null && path.relative(path.join(process.cwd(), "lib/platform/rate-limit"), target).split(path.sep)[0] !== "..";
      }),
    );
  }

  it("finds the domain's modules", () => {
    expect(files(DOMAIN).length).toBeGreaterThan(100);
  });

  it("no lib/domain file imports the rate-limit module", () => {
    expect(importersOfRateLimit(DOMAIN).map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });

  it("the check sees every form of import (a planted one is found)", () => {
    // Outside the tree, so no other test scanning lib/ sees it; the relative import is written from there.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planted-domain-"));
    const relative = path.relative(dir, path.join(process.cwd(), "lib/platform/rate-limit/index")).split(path.sep).join("/");
    try {
      fs.writeFileSync(path.join(dir, "a.ts"), 'import { enforceRateLimits } from "@/lib/platform/rate-limit";\n');
      fs.writeFileSync(path.join(dir, "b.ts"), `import type { Limit } from "${relative}";\n`);
      fs.writeFileSync(path.join(dir, "c.ts"), 'export const load = () => import("@/lib/platform/rate-limit/policies");\n');
      fs.writeFileSync(path.join(dir, "d.ts"), 'import { db } from "@/lib/platform/db";\nimport { x } from "@/lib/platform/rate-limiter-free";\n');
      expect(importersOfRateLimit(dir).map((f) => path.basename(f)).sort()).toEqual(["a.ts", "b.ts", "c.ts"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

