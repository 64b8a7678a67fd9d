import "server-only";
import type { z } from "zod";
import { errorToResponse, ForbiddenError, ValidationError } from "@/lib/api/errors";
import { isCrossSiteWrite } from "@/lib/http/same-origin";

type Ctx<P> = { params: Promise<P> };

/**
 * Wraps a route handler: cross-site writes are refused (403) before it runs, and every thrown error becomes
 * one consistent JSON answer.
 */
export function route<P = Record<string, string>>(
  handler: (req: Request, ctx: Ctx<P>) => Promise<Response>,
): (req: Request, ctx: Ctx<P>) => Promise<Response> {
  return async (req, ctx) => {
    try {
      if (isCrossSiteWrite(req)) throw new ForbiddenError("Cross-site request refused");
      return await handler(req, ctx);
    } catch (err) {
      return errorToResponse(err);
    }
  };
}

const MAX_JSON_BYTES = 1_000_000;

/** Reads a JSON body (bounded) and validates it; malformed JSON is a 400, not a crash. */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw new ValidationError("Request body is too large");
  const text = await req.text();
  if (text.length > MAX_JSON_BYTES) throw new ValidationError("Request body is too large");
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    throw new ValidationError("Request body must be valid JSON");
  }
  return schema.parse(data);
}
