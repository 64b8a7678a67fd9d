import * as z from "zod";
import { routeDeclaration, type RouteDeclaration } from "@/lib/features/api/routes";

/**
 * The OpenAPI 3.1 document of app/api, built from what the route builders declare (path parameters, query and body
 * schemas, the caller) and from each handler's one-line comment (`// GET /api/ideas — the creator's ideas`), which
 * gives its summary. `npm run openapi` writes it to docs/openapi.json; GET /api/openapi.json serves that file.
 */

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** One app/api route file: its directory under app/api ("ideas/[id]"), its module and its source text. */
export type RouteFile = { dir: string; module: Record<string, unknown>; source: string };

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.core.$ZodType): JsonSchema {
  // What a client sends (the input side of transforms); refinements zod cannot express stay unwritten.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** "ideas/[id]/pages/[n]" → "/api/ideas/{id}/pages/{n}". */
export function openApiPath(dir: string) {
  return `/api/${dir}`.replace(/\[([^\]]+)\]/g, "{$1}");
}

/** The comment block right above `export const METHOD`: its first line's text after the dash is the summary. */
function handlerComment(source: string, method: string): { summary?: string; description?: string } {
  const lines = source.split("\n");
  const at = lines.findIndex((l) => l.startsWith(`export const ${method} =`));
  if (at < 0) return {};
  const block: string[] = [];
  for (let i = at - 1; i >= 0 && lines[i].startsWith("//"); i--) block.unshift(lines[i].replace(/^\/\/ ?/, ""));
  if (block.length === 0) return {};
  const first = block[0];
  const dash = first.indexOf(" — ");
  const summary = (dash >= 0 ? first.slice(dash + 3) : first).replace(/[;,.]$/, "");
  return { summary, description: block.length > 1 ? block.slice(1).join(" ") : undefined };
}

/** The answer a handler gives when all goes well, read from its source: 201/204/303 where it says so, else 200. */
function successStatus(source: string, method: string): string {
  const start = source.indexOf(`export const ${method} =`);
  const next = source.indexOf("export const ", start + 1);
  const body = source.slice(start, next < 0 ? undefined : next);
  for (const status of ["201", "204", "303"]) if (body.includes(`status: ${status}`)) return status;
  return "200";
}

const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
const retryAfter = { "Retry-After": { description: "Seconds until the request may be repeated", schema: { type: "integer" } } };

/** The answers of the one error mapper (lib/platform/http/errors.ts), referred to by status. */
const ERROR_RESPONSES = {
  "400": errorAnswer("The input is invalid (the first problem in `error`, all of them in `issues`)"),
  "401": errorAnswer("No valid session (or cron secret)"),
  "403": errorAnswer("Cross-site write refused, or not allowed for this caller"),
  "404": errorAnswer("Not found: a malformed id is the same 404 as an unknown record or another creator's"),
  "409": errorAnswer("The record's state does not allow this"),
  "413": errorAnswer("Request body is too large"),
  "415": errorAnswer("Content-Type must be application/json"),
  "429": { ...errorAnswer("Too many requests"), headers: retryAfter },
  "500": errorAnswer("Internal server error"),
  "503": { ...errorAnswer("The server is busy"), headers: retryAfter },
};

const ref = (status: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${status}` });

/** The statuses the error mapper may answer for a route, as they apply to its declaration. */
function errorResponses(d: RouteDeclaration): Record<string, unknown> {
  const statuses: (keyof typeof ERROR_RESPONSES)[] = ["400"];
  if (d.caller === "owner" || d.caller === "cron") statuses.push("401");
  statuses.push("403", "404", "409");
  if (d.body) statuses.push("413");
  if (d.body?.contentType === "application/json") statuses.push("415");
  if (d.rateLimited || d.caller === "recipient") statuses.push("429");
  statuses.push("500");
  return Object.fromEntries(statuses.map((s) => [s, ref(s)]));
}

function operation(file: RouteFile, method: string, d: RouteDeclaration) {
  const { summary, description } = handlerComment(file.source, method);
  const pathNames = [...file.dir.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
  const parameters: unknown[] = pathNames.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: d.params?.[name] ? jsonSchema(d.params[name].schema) : { type: "string" },
  }));
  if (d.query) {
    const query = jsonSchema(d.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
  }
  const op: Record<string, unknown> = {
    operationId: `${method.toLowerCase()}_${file.dir.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}`,
    ...(summary ? { summary } : {}),
    ...(description && description !== summary ? { description } : {}),
    tags: [file.dir.split("/")[0]],
    "x-caller": d.caller,
  };
  if (d.caller === "owner") op.security = [{ session: [] }];
  if (d.caller === "cron") op.security = [{ cronSecret: [] }];
  if (parameters.length > 0) op.parameters = parameters;
  if (d.body) op.requestBody = { required: d.body.required, content: { [d.body.contentType]: { schema: jsonSchema(d.body.schema) } } };
  const ok = successStatus(file.source, method);
  op.responses = { [ok]: { description: ok === "204" ? "Done, no content" : ok === "303" ? "See other" : "Success" }, ...errorResponses(d) };
  return op;
}

/** The document; `files` in any order (paths and methods are sorted). Files whose methods no builder made are left out. */
export function buildOpenApi(files: RouteFile[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const file of [...files].sort((a, b) => a.dir.localeCompare(b.dir))) {
    for (const method of HTTP_METHODS) {
      const d = routeDeclaration(file.module[method]);
      if (!d) continue;
      (paths[openApiPath(file.dir)] ??= {})[method.toLowerCase()] = operation(file, method, d);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "IdeaVault API",
      version: "1.0.0",
      description: "Generated from the route builders' declarations (lib/features/api/routes.ts) by `npm run openapi`. Every answer is JSON unless a route says otherwise; errors are {success: false, error}.",
    },
    paths,
    components: {
      responses: ERROR_RESPONSES,
      schemas: {
        Error: {
          type: "object",
          properties: { success: { const: false }, error: { type: "string" }, issues: { type: "array", items: {} } },
          required: ["success", "error"],
        },
      },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The sign-in session cookie (__Secure- prefixed over HTTPS)" },
        cronSecret: { type: "http", scheme: "bearer", description: "CRON_SECRET" },
      },
    },
  };
}
