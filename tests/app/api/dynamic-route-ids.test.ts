import path from "node:path";
import { agreedRecipient, createPublished, createShare, createUser } from "../../factories";
import { API_DIR, apiRouteDirs, routeSession } from "../../route-harness";

/**
 * Every dynamic segment of every route handler goes through one id parser (lib/domain/validation/route-id.ts): junk in a path id
 * is a 404, never a 500 (a NUL reaching PostgreSQL crashed the query). The table is the file system itself, so a new
 * dynamic route is covered without touching this test.
 */

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;


/** app/api/**\/route.ts with a dynamic segment, except next-auth's catch-all (its own router, not ours). */
const dynamicRoutes = apiRouteDirs()
  .map((dir) => dir.split("/"))
  .filter((segments) => segments.some((s) => s.startsWith("[")) && !segments.includes("[...nextauth]"))
  .map((segments) => ({ url: `/api/${segments.join("/")}`, params: segments.filter((s) => s.startsWith("[")).map((s) => s.slice(1, -1)) }));

/** What an attacker puts in a path segment: Next hands the handler the decoded value (or, if it cannot decode, the raw one). */
const JUNK = [
  "\u0000", // %00
  "a\u0000b",
  "\ud800", // %ED%A0%80 as a lenient decoder would give it
  "%ED%A0%80", // …and undecoded
  "\ufffd",
  "x".repeat(5000),
  "../../etc/passwd",
  " ",
  "-1",
  "1e999",
  "0x10",
  "ä",
  "a b",
  "null",
];

const JSON_BODY = JSON.stringify({ content: "Hello", code: "123456", agreed: true, title: "Title" });

async function call(handler: Handler, method: string, url: string, params: Record<string, string>) {
  const hasBody = method !== "GET" && method !== "DELETE";
  const req = new Request(`http://localhost${url}`, {
    method,
    headers: hasBody ? { "content-type": "application/json" } : {},
    body: hasBody ? JSON_BODY : undefined,
  });
  return handler(req, { params: Promise.resolve(params) });
}

describe("junk in a dynamic path segment is a 404 on every route", () => {
  it("finds the dynamic routes", () => {
    expect(dynamicRoutes.length).toBeGreaterThanOrEqual(20);
    expect(dynamicRoutes.map((r) => r.url)).toEqual(expect.arrayContaining(["/api/shares/[id]", "/api/share/[token]", "/api/files/[id]", "/api/recipients/[id]/code"]));
  });

  it.each(dynamicRoutes.map((r) => [r.url, r] as const))("%s", async (_url, { url, params: names }) => {
    // A signed-in owner whose browser also holds an agreed recipient's cookie: every check before the id passes.
    const owner = await createUser();
    session.user = { id: owner.id, name: owner.name, email: owner.email, profileImage: null };
    const idea = await createPublished(owner.id);
    const share = await createShare(owner.id, idea.id);
    session.secrets = (await agreedRecipient(share)).secrets;

    const mod = (await import(path.join(API_DIR, url.slice("/api/".length), "route.ts"))) as Partial<Record<string, Handler>>;
    const methods = METHODS.filter((m) => typeof mod[m] === "function");
    expect(methods.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const method of methods) {
      for (const junk of JUNK) {
        const res = await call(mod[method]!, method, url, Object.fromEntries(names.map((n) => [n, junk])));
        if (res.status !== 404) failures.push(`${method} ${url} ${JSON.stringify(junk.slice(0, 20))}: ${res.status} ${await res.text()}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
