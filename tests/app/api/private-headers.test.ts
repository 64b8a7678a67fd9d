import path from "node:path";
import { agreedRecipient, createPublished, createShare, createUser } from "../../factories";
import { db } from "@/lib/platform/db";
import { API_DIR, apiRouteDirs, routeSession } from "../../route-harness";

/**
 * Every API answer is private (lib/features/api/handler.ts decides it once): never cached, never a Referer. Walks every GET
 * route under app/api, as the signed-in owner with a recipient cookie and signed out, so a new route is covered.
 */

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock({ revokeCurrentSession: async () => {} }));
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
// next-auth's own router, and the load balancer's health check (no data, not wrapped by route()).
const NOT_OURS = new Set(["auth/[...nextauth]", "health"]);

const getRoutes = apiRouteDirs().filter((r) => !NOT_OURS.has(r));

/** The owner's data: a published idea, a link, an agreed recipient (this "browser" holds its cookie) and its NDA. */
async function fixture() {
  const owner = await createUser();
  const idea = await createPublished(owner.id, { title: "Solar Kettle" });
  const share = await createShare(owner.id, idea.id);
  const recipient = await agreedRecipient(share);
  const nda = await db.ndaAcceptance.findFirstOrThrow({ where: { recipientId: recipient.id } });
  const values: Record<string, string> = { ideas: String(idea.id), ndas: nda.id, shares: share.id, share: share.accessLink, files: "c000000000000000000000000" };
  return { user: { id: owner.id, name: owner.name, email: owner.email, profileImage: null }, secrets: recipient.secrets, values };
}

/** /api/ideas/[id]/shares with the fixture's ids: each dynamic segment takes the id of the collection before it. */
function fill(route: string, values: Record<string, string>) {
  const segments = route.split("/");
  return {
    url: `/api/${segments.map((s, i) => (s.startsWith("[") ? values[segments[i - 1]] : s)).join("/")}`,
    params: Object.fromEntries(segments.flatMap((s, i) => (s.startsWith("[") ? [[s.slice(1, -1), values[segments[i - 1]]]] : []))),
  };
}

describe("every GET answer of the API is private, no-store and sends no Referer", () => {
  it("finds the owner routes that carry account data", () => {
    expect(getRoutes).toEqual(expect.arrayContaining(["ideas", "ideas/[id]", "auth/me", "assets", "ndas/[id]/certificate.pdf"]));
  });

  it.each(getRoutes)("GET /api/%s", async (route) => {
    const mod = (await import(path.join(API_DIR, route, "route.ts"))) as { GET?: Handler };
    if (!mod.GET) return;
    const { user, secrets, values } = await fixture();
    const { url, params } = fill(route, values);
    for (const who of ["owner", "signed out"] as const) {
      session.user = who === "owner" ? user : null;
      session.secrets = who === "owner" ? secrets : [];
      const res = await mod.GET(new Request(`http://localhost${url}?ideaId=${values.ideas}`, { headers: { "sec-fetch-site": "same-origin" } }), { params: Promise.resolve(params) });
      const label = `${who}: ${res.status} ${url}`;
      expect([res.status < 500, label]).toEqual([true, label]);
      // Downloads add no-transform to the same rule.
      expect([res.headers.get("cache-control"), label]).toEqual([expect.stringMatching(/^private, no-store(, no-transform)?$/), label]);
      expect([res.headers.get("referrer-policy"), label]).toEqual(["no-referrer", label]);
    }
  });

  it("the owner's own answers (the decrypted idea, the lists, the account) are 200 and private", async () => {
    const { user, values } = await fixture();
    session.user = user;
    for (const route of ["ideas", "ideas/[id]", "auth/me", "assets", "ndas/[id]/certificate.pdf"]) {
      const { url, params } = fill(route, values);
      const { GET } = (await import(path.join(API_DIR, route, "route.ts"))) as { GET: Handler };
      const res = await GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
      expect([route, res.status]).toEqual([route, 200]);
      expect(res.headers.get("cache-control")).toMatch(/^private, no-store/);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });
});
