import "server-only";
import {
  errorToResponse,
  ForbiddenError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from "@/lib/platform/http/errors";
import { isCrossSiteWrite } from "@/lib/platform/http/same-origin";
import { readCapped } from "@/lib/platform/http/read-capped";

type Ctx<P> = { params: Promise<P> };

/**
 * The one place that decides how API answers may be kept and referred from. Every answer can carry someone's data
 * (an idea, an account, a recipient's evidence) or sits under a URL holding an access token: never stored by a
 * shared or browser cache, and never a Referer — errors included. A handler that needs more sets the header itself
 * (downloads add no-transform, /api/files its framing rules); next.config.mjs sets no Referrer-Policy on /api, since
 * a header set there would replace this one.
 */
const API_DEFAULT_HEADERS: readonly (readonly [string, string])[] = [
  ["Cache-Control", "private, no-store"],
  ["Referrer-Policy", "no-referrer"],
];

function withDefaultHeaders(res: Response): Response {
  for (const [name, value] of API_DEFAULT_HEADERS) if (!res.headers.has(name)) res.headers.set(name, value);
  return res;
}

/**
 * Wraps a route handler: cross-site writes are refused (403) before it runs, every thrown error becomes one
 * consistent JSON answer, and every answer gets the private defaults above. Routes are made by the builders in
 * lib/features/api/routes.ts, which stand on this.
 */
export function route<P = Record<string, string>>(
  handler: (req: Request, ctx: Ctx<P>) => Promise<Response>,
): (req: Request, ctx: Ctx<P>) => Promise<Response> {
  return async (req, ctx) => {
    try {
      if (isCrossSiteWrite(req)) throw new ForbiddenError("Cross-site request refused");
      return withDefaultHeaders(await handler(req, ctx));
    } catch (err) {
      return withDefaultHeaders(errorToResponse(err));
    }
  };
}

const DEFAULT_MAX_JSON_BYTES = 1_000_000;

/** Reads at most `maxBytes` of the body, stopping the stream as soon as it passes the limit (chunked bodies too). */
async function readBounded(req: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new PayloadTooLargeError("Request body is too large");
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  return (await readCapped(req.body, maxBytes, tooLarge)).toString("utf8");
}

/** application/json or a structured +json type; parameters such as charset are allowed. */
export function isJsonContentType(header: string | null) {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  return !!type && (type === "application/json" || /^application\/[a-z0-9!#$&^_.+-]+\+json$/.test(type));
}

/**
 * Reads a JSON body (bounded) and validates it; malformed JSON is a 400, not a crash. Other content types are
 * a 415: an HTML form or a "simple" cross-site fetch can only send text/plain, form or multipart bodies. Takes zod
 * and zod/mini schemas alike (both throw $ZodError, which errorToResponse maps to 400).
 */
export async function parseJson<T>(
  req: Request,
  schema: { parse(data: unknown): T },
  opts: { maxBytes?: number } = {},
): Promise<T> {
  if (!isJsonContentType(req.headers.get("content-type"))) throw new UnsupportedMediaTypeError();
  const text = await readBounded(req, opts.maxBytes ?? DEFAULT_MAX_JSON_BYTES);
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    throw new ValidationError("Request body must be valid JSON");
  }
  return schema.parse(data);
}
