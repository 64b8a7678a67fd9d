import fs from "node:fs";
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
