import fs from "node:fs";
import path from "node:path";
import { routeDeclaration } from "@/lib/features/api/routes";
import { HTTP_METHODS, openApiPath } from "@/lib/features/api/openapi";
import { generateOpenApi, OPENAPI_FILE, openApiText } from "../../../scripts/openapi-document";
import { API_DIR, apiRouteDirs } from "../../route-harness";
import { GET as serveOpenApi } from "@/app/api/openapi.json/route";

/**
 * The OpenAPI document is generated from the route builders' schemas (`npm run openapi`), checked in as
 * docs/openapi.json and served at GET /api/openapi.json. Every method of every route is in it with what the builder
 * declares of its request; the checked-in file is the fresh one.
 */

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let fresh: Doc;
beforeAll(async () => {
  fresh = (await generateOpenApi()) as unknown as Doc;
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1", () => {
    expect(fresh.openapi).toBe("3.1.0");
  });

  it("has every method of every route, with its summary and the request schemas its builder declares", async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const dir of apiRouteDirs().filter((d) => d !== "auth/[...nextauth]")) {
      const mod = (await import(path.join(API_DIR, dir, "route.ts"))) as Record<string, unknown>;
      for (const method of HTTP_METHODS) {
        const d = routeDeclaration(mod[method]);
        if (!(method in mod)) continue;
        const label = `${method} ${openApiPath(dir)}`;
        const op = fresh.paths[openApiPath(dir)]?.[method.toLowerCase()];
        checked++;
        if (!d || !op) {
          missing.push(`${label}: not in the document`);
          continue;
        }
        if (!op.summary) missing.push(`${label}: no summary`);
        for (const name of Object.keys(d.params ?? {})) {
          const p = op.parameters?.find((x) => x.in === "path" && x.name === name);
          if (!p?.schema || Object.keys(p.schema).length === 0) missing.push(`${label}: path parameter ${name} has no schema`);
        }
        if (d.query) {
          const declared = Object.keys((d.query as unknown as { shape?: Record<string, unknown> }).shape ?? {});
          for (const name of declared) if (!op.parameters?.some((x) => x.in === "query" && x.name === name)) missing.push(`${label}: query ${name} missing`);
        }
        if (d.body) {
          const schema = op.requestBody?.content[d.body.contentType]?.schema;
          if (!schema || !(schema.type || schema.oneOf || schema.anyOf)) missing.push(`${label}: no ${d.body.contentType} body schema`);
        }
        for (const status of ["400", "403", "404", "500"]) if (!op.responses[status]) missing.push(`${label}: no ${status} answer`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(90);
  });

  it("documents a body's fields, a query's names and a path id's shape", () => {
    const create = fresh.paths["/api/ideas"].post.requestBody!.content["application/json"].schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(create.properties)).toEqual(expect.arrayContaining(["title", "content"]));
    expect(create.required).toContain("title");
    const upload = fresh.paths["/api/ideas/pdf"].post.requestBody!.content["multipart/form-data"].schema as { properties: Record<string, { format?: string }> };
    expect(upload.properties.file.format).toBe("binary");
    expect(fresh.paths["/api/ideas/{id}/activity"].get.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(["path:id", "query:offset", "query:limit"]);
    expect(fresh.paths["/api/ideas"].post.responses).toHaveProperty("201");
    expect(fresh.paths["/api/ideas"].post.responses).toHaveProperty("429");
    expect(fresh.paths["/api/ideas"].get.summary).toBe("the creator's ideas, list fields only");
  });

  it("docs/openapi.json is the freshly generated document (run `npm run openapi`)", () => {
    expect(fs.readFileSync(OPENAPI_FILE, "utf8")).toBe(openApiText(fresh));
  });

  it("GET /api/openapi.json serves it", async () => {
    const res = await serveOpenApi(new Request("http://localhost/api/openapi.json"), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(openApiText(fresh)));
  });
});
