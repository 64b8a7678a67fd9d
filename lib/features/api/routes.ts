import "server-only";
import * as z from "zod";
import { authorizeCron } from "@/lib/features/api/cron-secret";
import { parseJson, route } from "@/lib/features/api/handler";
import { parseParams, type ParsedParams, type PathParams } from "@/lib/domain/validation/path-params";
import { getCurrentUser, requireUser, type CurrentUser } from "@/lib/domain/auth/session";
import { clientIp } from "@/lib/platform/http/client-ip";
import { enforceRateLimits, type Limit } from "@/lib/platform/rate-limit";
import { readPasscodeProofs, readRecipientSecrets, requestClient } from "@/lib/domain/recipients/cookies";
import type { ClientInfo, RecipientSecrets } from "@/lib/domain/gate/secrets";
import type { PasscodeProofs } from "@/lib/domain/recipients/passcode";

/**
 * The route builders: one per kind of caller. Each route declares who may call it, its rate limits and the zod
 * schemas of its path parameters, query and body; the handler gets them parsed and typed, and never repeats a check.
 * Underneath is route() (lib/features/api/handler.ts): cross-site writes refused, private default headers, one error mapper.
 *
 * The order is fixed: caller (401) → `rateLimit` → path parameters (404) → query (400) → body (400/413/415) → `load`
 * → `rateLimitChecked` → handler (a recipient's cookies are read just before `load`: they refuse nothing). `rateLimit` refuses a throttled caller before its request is read;
 * `rateLimitChecked` counts only requests that were well-formed and passed `load` (an ownership or state check whose
 * refusal costs nothing), and may use the body (a limit per e-mail address).
 *
 * A limit keyed on what `load` finds (the recipient row the gate reads, the link a token names) is counted where
 * `load` found it, so nothing is looked up twice: `load` may be an async generator that `yield`s the limits to count
 * at that point (`yield rateLimits.comment(recipient.id, ip)`), each counted by the builder before `load` goes on;
 * a check after the yield then refuses requests that have used the limit up, and one before it refuses them for free.
 * lib/domain never counts a request limit itself (tests/app/api/route-builders.test.ts).
 */

type Schema = z.core.$ZodType;

/** How a route reads its body. `read` runs in the pipeline; the schema is what the OpenAPI document shows. */
export type BodySpec<T> = {
  contentType: "application/json" | "multipart/form-data";
  schema: Schema;
  /** False when the body may be left out (DELETE /api/account). */
  required: boolean;
  read(req: Request): Promise<T>;
};

/** A JSON body (bounded, application/json only) checked against `schema`; `optional`: no Content-Type reads as {}. */
export function jsonBody<S extends Schema>(schema: S, opts: { maxBytes?: number; optional?: boolean } = {}): BodySpec<z.output<S>> {
  return {
    contentType: "application/json",
    schema,
    required: !opts.optional,
    read: async (req) => {
      if (opts.optional && !req.headers.get("content-type")) return z.parse(schema, {});
      return parseJson(req, { parse: (data) => z.parse(schema, data) }, { maxBytes: opts.maxBytes });
    },
  };
}

/**
 * A JSON body read (bounded, application/json only) but checked by the domain itself, after it has found the record
 * the request names: an unknown or another creator's record is a 404 whatever the body says. `schema` documents it.
 */
export function jsonBodyCheckedLater<T>(schema: Schema, parse: (data: unknown) => T, opts: { maxBytes?: number } = {}): BodySpec<T> {
  return { contentType: "application/json", schema, required: true, read: (req) => parseJson(req, { parse }, opts) };
}

/** A multipart upload the handler streams itself (lib/platform/uploads/multipart.ts); `schema` documents its fields. */
export function multipartBody(schema: Schema): BodySpec<undefined> {
  return { contentType: "multipart/form-data", schema, required: true, read: async () => undefined };
}

/** The query string as an object, each name's first value (as URLSearchParams.get reads it). */
function queryObject(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URL(req.url).searchParams) if (!(name in out)) out[name] = value;
  return out;
}

type Ctx = { params: Promise<Record<string, string>> };
export type BuiltHandler = (req: Request, ctx: Ctx) => Promise<Response>;

export type CallerKind = "owner" | "recipient" | "public" | "cron";

/** What the OpenAPI generator and the route-builder test read from a built handler. */
export type RouteDeclaration = {
  caller: CallerKind;
  params?: PathParams;
  query?: Schema;
  body?: BodySpec<unknown>;
  rateLimited: boolean;
};

/** Marks a handler made by a builder; not enumerable, so it never shows as an export's own field. */
export const ROUTE_DECLARATION = Symbol.for("ideavault.route-declaration");

export function routeDeclaration(handler: unknown): RouteDeclaration | undefined {
  if (typeof handler !== "function") return undefined;
  return (handler as unknown as Record<symbol, RouteDeclaration | undefined>)[ROUTE_DECLARATION];
}

type Base = { req: Request; ip: string };
type BodyDeclaration = Schema | BodySpec<unknown>;
type BodyOf<B> = B extends BodySpec<infer T> ? T : B extends Schema ? z.output<B> : undefined;
type Parsed<P, Q, B> = {
  params: P extends PathParams ? ParsedParams<P> : Record<string, never>;
  query: Q extends Schema ? z.output<Q> : Record<string, never>;
  body: BodyOf<B>;
};

export type RouteSpec<C, P extends PathParams | undefined, Q extends Schema | undefined, B extends BodyDeclaration | undefined, L> = {
  params?: P;
  query?: Q;
  /** A zod schema (a JSON body), or a BodySpec for JSON with options, multipart or a body the handler reads itself. */
  body?: B;
  /** Counted as soon as the caller is known, before the request is read. */
  rateLimit?: (input: Base & C) => Limit[];
  /**
   * Looks up what the request names and checks it may go ahead (404, 409); its answer is the handler's `loaded`. As
   * an async generator it yields the limits to count at that point, keyed on what it found so far (see the top).
   */
  load?: (input: Base & C & Parsed<P, Q, B>) => Promise<L> | AsyncGenerator<Limit[], L, void>;
  /** Counted after the request was read and `load` passed: refused and malformed requests do not use it up. */
  rateLimitChecked?: (input: Base & C & Parsed<P, Q, B> & { loaded: L }) => Limit[];
  handler: (input: Base & C & Parsed<P, Q, B> & { loaded: L }) => Promise<Response> | Response;
};

/** Runs `load`; a generator's yielded limits are counted in turn, each before it goes on. */
async function runLoad<L>(loading: Promise<L> | AsyncGenerator<Limit[], L, void>): Promise<L> {
  if (!isGenerator(loading)) return loading;
  for (let step = await loading.next(); ; step = await loading.next()) {
    if (step.done) return step.value;
    await enforceRateLimits(step.value);
  }
}

function isGenerator<L>(value: Promise<L> | AsyncGenerator<Limit[], L, void>): value is AsyncGenerator<Limit[], L, void> {
  return typeof (value as AsyncGenerator<Limit[], L, void>).next === "function" && Symbol.asyncIterator in value;
}

/** An `async function*`: a load that counts limits of its own. */
function isGeneratorFunction(fn: unknown) {
  return Object.prototype.toString.call(fn) === "[object AsyncGeneratorFunction]";
}

function isBodySpec(body: BodyDeclaration): body is BodySpec<unknown> {
  return typeof (body as BodySpec<unknown>).read === "function" && "contentType" in body;
}

/**
 * `resolveCaller` runs first when it can refuse (401 without a session or cron secret); a caller that refuses nothing
 * (the recipient's cookies) is read once the request's input passed, so a malformed request is refused as before.
 */
function build<C>(caller: CallerKind, resolveCaller: (req: Request) => Promise<C>, opts: { afterInput?: boolean } = {}) {
  return <P extends PathParams | undefined = undefined, Q extends Schema | undefined = undefined, B extends BodyDeclaration | undefined = undefined, L = undefined>(
    spec: RouteSpec<C, P, Q, B, L>,
  ): BuiltHandler => {
    const body = spec.body === undefined ? undefined : isBodySpec(spec.body) ? spec.body : jsonBody(spec.body);
    const handler = route(async (req: Request, ctx: Ctx) => {
      const first = opts.afterInput ? {} : await resolveCaller(req);
      const base = { req, ip: clientIp(req.headers), ...first } as Base & C;
      if (spec.rateLimit) await enforceRateLimits(spec.rateLimit(base));
      const params = spec.params ? parseParams(spec.params, await ctx.params) : {};
      const query = spec.query ? z.parse(spec.query, queryObject(req)) : {};
      const parsedBody = body ? await body.read(req) : undefined;
      const later = opts.afterInput ? await resolveCaller(req) : {};
      const input = { ...base, ...later, params, query, body: parsedBody } as Base & C & Parsed<P, Q, B>;
      const loaded = (spec.load ? await runLoad(spec.load(input)) : undefined) as L;
      const full = { ...input, loaded };
      if (spec.rateLimitChecked) await enforceRateLimits(spec.rateLimitChecked(full));
      return spec.handler(full);
    });
    const declaration: RouteDeclaration = { caller, params: spec.params, query: spec.query, body: body as BodySpec<unknown> | undefined, rateLimited: !!(spec.rateLimit || spec.rateLimitChecked || isGeneratorFunction(spec.load)) };
    Object.defineProperty(handler, ROUTE_DECLARATION, { value: declaration, enumerable: false });
    return handler;
  };
}

/** A signed-in user (401 without a session); the handler gets `user`. */
export const ownerRoute = build<{ user: CurrentUser }>("owner", async () => ({ user: await requireUser() }));

export type RecipientCaller = {
  /** The secrets of every recipient session this browser holds (lib functions match them by hash). */
  secrets: RecipientSecrets;
  /** The passcode proofs this browser holds, by link id. */
  passcodes: PasscodeProofs;
  /** The caller as evidence and rate limits see it. */
  client: ClientInfo;
  /** The signed-in account, if any, for the answers an owner and a recipient share (files, comments, certificates). */
  signedInUser: () => Promise<CurrentUser | null>;
};

/**
 * A recipient of an access link, known by the recipient cookies this browser holds (the recipient gate in lib/ decides
 * what they may see), or the idea's owner where an answer serves both.
 */
const recipientBuilder = build<RecipientCaller>(
  "recipient",
  async (req) => ({
    secrets: await readRecipientSecrets(),
    passcodes: await readPasscodeProofs(),
    client: requestClient(req),
    signedInUser: () => getCurrentUser(),
  }),
  { afterInput: true },
);

/** Its cookies are read after the input, so its limits are all `rateLimitChecked`. */
export const recipientRoute = <P extends PathParams | undefined = undefined, Q extends Schema | undefined = undefined, B extends BodyDeclaration | undefined = undefined, L = undefined>(
  spec: Omit<RouteSpec<RecipientCaller, P, Q, B, L>, "rateLimit">,
) => recipientBuilder<P, Q, B, L>(spec);

/** Anyone, no session: sign-in, registration, public proof verification, the waitlist. */
export const publicRoute = build<Record<never, never>>("public", async () => ({}));

/** Vercel Cron and other schedulers: `Authorization: Bearer $CRON_SECRET` (lib/features/api/cron-secret.ts), else 401. */
export const cronRoute = build<Record<never, never>>("cron", async (req) => {
  authorizeCron(req.headers.get("authorization"));
  return {};
});

