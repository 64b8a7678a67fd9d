import { CLIENT_IP_HEADER } from "@/lib/platform/http/client-ip";
import { HttpError, RateLimitError } from "@/lib/platform/http/errors";
import { setEnv } from "./test-env";
import { asBrowser } from "./route-harness";

/**
 * The recipient routes whose limits are counted by their route builder (lib/features/api/routes.ts), called as one
 * browser (its recipient secrets) from one address, answering like the lib functions they replace in tests: the JSON
 * on success, else the HttpError the route answered with (a RateLimitError for a 429, with its Retry-After). A test
 * file that uses them wires the route harness's mocks (tests/route-harness.ts).
 */

export type Caller = { secrets: string[]; client?: { ip: string; userAgent?: string | null }; passcodes?: Record<string, string> };

/** The browser's cookies for one call: a copy, so what the route sets is seen after it. */
const cookiesOf = (who: Caller) => ({ secrets: [...who.secrets], passcodes: { ...(who.passcodes ?? {}) } });

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call<T>(handler: Handler, url: string, params: Record<string, string>, body: unknown, who: Caller & { cookies?: ReturnType<typeof cookiesOf> }, method = "POST"): Promise<T> {
  setEnv({ IDEAVAULT_CUSTOM_SERVER: "true" });
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": who.client?.userAgent ?? "jest" };
  if (who.client) headers[CLIENT_IP_HEADER] = who.client.ip;
  const request = new Request(`http://localhost${url}`, method === "GET" ? { headers } : { method, headers, body: JSON.stringify(body ?? {}) });
  const res = await asBrowser(who.cookies ?? cookiesOf(who), () => handler(request, { params: Promise.resolve(params) }));
  const text = await res.text();
  const json = text ? (JSON.parse(text) as T & { error?: string }) : (undefined as T);
  if (res.ok) return json;
  const message = (json as { error?: string } | undefined)?.error ?? res.statusText;
  throw res.status === 429 ? new RateLimitError(Number(res.headers.get("retry-after")), message) : new HttpError(res.status, message);
}

/** POST /api/recipients/{id}/code as `who`. */
export async function sendCodeRoute(id: string, who: Caller) {
  const { POST } = await import("@/app/api/recipients/[id]/code/route");
  return call<{ sent: true }>(POST, `/api/recipients/${id}/code`, { id }, {}, who);
}

/** POST /api/recipients/{id}/verify as `who`. */
export async function verifyCodeRoute(id: string, code: string, who: Caller) {
  const { POST } = await import("@/app/api/recipients/[id]/verify/route");
  return call<{ emailVerified: boolean }>(POST, `/api/recipients/${id}/verify`, { id }, { code }, who);
}

/** POST /api/recipients as a new browser from `client`: the recipient with its secret, like tests/factories.ts createRecipient. */
export async function identifyRoute(
  share: { accessLink: string; recipientEmail?: string | null },
  opts: { name?: string; email?: string; client?: Caller["client"]; passcodes?: Record<string, string> } = {},
) {
  const { POST } = await import("@/app/api/recipients/route");
  const body = { accessToken: share.accessLink, name: opts.name ?? "Grace Hopper", email: opts.email ?? share.recipientEmail ?? "grace@example.com", phone: "+1 555 0100" };
  const cookies = cookiesOf({ secrets: [], passcodes: opts.passcodes });
  const recipient = await call<{ id: string }>(POST, "/api/recipients", {}, body, { secrets: [], client: opts.client, cookies });
  const secret = cookies.secrets.at(-1)!;
  return { ...recipient, secret, secrets: [secret] };
}

/** GET /api/share/{token} as `who`. */
export async function lookupRoute(token: string, who: Caller) {
  const { GET } = await import("@/app/api/share/[token]/route");
  return call<{ shareType?: string; requiresPasscode?: true }>(GET, `/api/share/${token}`, { token }, undefined, who, "GET");
}

/** POST /api/share/{token}/passcode as `who`: the proof cookie it set ({} when the link has none). */
export async function passcodeRoute(token: string, passcode: string, who: Caller) {
  const { POST } = await import("@/app/api/share/[token]/passcode/route");
  const cookies = cookiesOf(who);
  await call<undefined>(POST, `/api/share/${token}/passcode`, { token }, { passcode }, { ...who, cookies });
  return cookies.passcodes;
}
