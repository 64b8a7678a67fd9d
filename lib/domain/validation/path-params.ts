import * as z from "zod";
import { accessTokenSchema, parseRouteId } from "@/lib/domain/validation/route-id";
import { ACCESS_TOKEN_PATTERN, ID_PATTERN } from "@/lib/domain/validation/ids";

/**
 * A dynamic path segment as a route builder declares it: `parse` turns the raw segment into the value the handler
 * gets or throws the 404 with the route's own message (an id that cannot be one is simply not found), `schema`
 * describes the segment in the OpenAPI document.
 */
export type PathParam<T> = { schema: z.core.$ZodType; parse(raw: unknown): T };

export type PathParams = Record<string, PathParam<unknown>>;

/** What a declaration of path parameters gives the handler: each segment parsed. */
export type ParsedParams<S> = { [K in keyof S]: S[K] extends PathParam<infer T> ? T : never };

const recordIdDoc = z.string().regex(ID_PATTERN);

/** A record id (lib/domain/validation/ids.ts); anything else is a 404 saying `notFound`. */
export function recordIdParam(notFound: string): PathParam<string> {
  return { schema: recordIdDoc, parse: (raw) => parseRouteId(raw, notFound) };
}

/** An access-link token: a well-formed id too short to be a token is a 404 too. */
export function accessTokenParam(notFound: string): PathParam<string> {
  return { schema: z.string().regex(ACCESS_TOKEN_PATTERN), parse: (raw) => parseRouteId(raw, notFound, accessTokenSchema) };
}

/** A positive whole number in a segment (page and version numbers), parsed by the domain's own rule. */
export function numberParam(parse: (raw: string) => number): PathParam<number> {
  return { schema: z.string().regex(/^[1-9][0-9]*$/), parse: (raw) => parse(String(raw)) };
}

/** The parsed segments in the order the declaration names them: with junk in several, the first one's 404 answers. */
export function parseParams<S extends PathParams>(spec: S, raw: Record<string, unknown>): ParsedParams<S> {
  const out: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(spec)) out[name] = param.parse(raw[name]);
  return out as ParsedParams<S>;
}
