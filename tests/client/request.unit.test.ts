import { ApiError, apiRequest, errorMessage, isApiError } from "@/client/request";
import { defaultQueryFn, makeQueryClient } from "@/client/query-client";
import type { QueryFunctionContext } from "@tanstack/react-query";

/** The SPEC §7 request helper and query defaults, against a stubbed fetch (the calls it makes are the contract). */

type Call = { url: string; init: RequestInit };
let calls: Call[];
const realFetch = global.fetch;

function answer(status: number, body: string, statusText = "") {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(status === 204 ? null : body, { status, statusText });
  }) as typeof fetch;
}

beforeEach(() => {
  calls = [];
});
afterAll(() => {
  global.fetch = realFetch;
});

describe("apiRequest", () => {
  it("sends a JSON body with a JSON content type, and cookies", async () => {
    answer(201, '{"id":7}');
    await expect(apiRequest("POST", "/api/ideas", { title: "x" })).resolves.toEqual({ id: 7 });
    const [{ url, init }] = calls;
    expect(url).toBe("/api/ideas");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    expect(init.body).toBe('{"title":"x"}');
  });

  it("sends no content type without a body, unless the caller asks (DELETE /api/ideas/{id}, SPEC §7)", async () => {
    answer(200, '{"success":true}');
    await apiRequest("GET", "/api/ideas");
    expect(new Headers(calls[0].init.headers).has("content-type")).toBe(false);
    expect(calls[0].init.body).toBeUndefined();

    await apiRequest("DELETE", "/api/ideas/3", undefined, { headers: { "Content-Type": "application/json" } });
    expect(calls[1].init.method).toBe("DELETE");
    expect(new Headers(calls[1].init.headers).get("content-type")).toBe("application/json");
    expect(calls[1].init.body).toBeUndefined();
  });

  it("sends FormData as it is (the browser sets the multipart boundary)", async () => {
    answer(201, '{"url":"/api/files/a"}');
    const form = new FormData();
    form.append("image", new Blob(["x"], { type: "image/png" }), "x.png");
    await apiRequest("POST", "/api/upload/image", form);
    expect(calls[0].init.body).toBe(form);
    expect(new Headers(calls[0].init.headers).has("content-type")).toBe(false);
  });

  it("an empty body is null", async () => {
    answer(204, "");
    await expect(apiRequest("POST", "/api/auth/logout", {})).resolves.toBeNull();
  });

  it("a non-OK answer raises '{status}: {body}', or the status text when the body is empty", async () => {
    answer(400, '{"success":false,"error":"Please enter a valid email address"}', "Bad Request");
    const err = await apiRequest("POST", "/api/shares", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('400: {"success":false,"error":"Please enter a valid email address"}');
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).serverMessage).toBe("Please enter a valid email address");
    expect(isApiError(err, 400)).toBe(true);
    expect(isApiError(err, 401, 404)).toBe(false);

    answer(502, "", "Bad Gateway");
    const gateway = await apiRequest("GET", "/api/ideas").catch((e: unknown) => e);
    expect((gateway as ApiError).message).toBe("502: Bad Gateway");
    expect((gateway as ApiError).serverMessage).toBeNull();
  });

  it("errorMessage shows the server's words for a refusal, never for a server error", () => {
    const refusal = new ApiError(429, '{"error":"Too many attempts"}', "");
    const withMessage = new ApiError(400, '{"success":false,"message":"Check the address"}', "");
    const crash = new ApiError(500, '{"error":"Internal server error"}', "");
    expect(errorMessage(refusal, "fallback")).toBe("Too many attempts");
    expect(errorMessage(withMessage, "fallback")).toBe("Check the address");
    expect(errorMessage(crash, "fallback")).toBe("fallback");
    expect(errorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
    expect(errorMessage(new ApiError(404, "not json", ""), "fallback")).toBe("fallback");
  });
});

describe("query defaults (SPEC §7)", () => {
  it("never stale, no refetch on focus, no polling, no retries", () => {
    const defaults = makeQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
    expect(defaults.queries?.queryFn).toBe(defaultQueryFn);
  });

  it("the default query GETs the first element of its key", async () => {
    answer(200, "[]");
    const signal = new AbortController().signal;
    const result = await defaultQueryFn({ queryKey: ["/api/ideas/4/shares"], signal } as unknown as QueryFunctionContext);
    expect(result).toEqual([]);
    expect(calls[0].url).toBe("/api/ideas/4/shares");
    expect(calls[0].init.method).toBe("GET");
    expect(calls[0].init.signal).toBe(signal);
  });

  it("a failing query keeps its ApiError (no retry)", async () => {
    answer(404, '{"success":false,"error":"Idea not found"}');
    const client = makeQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/ideas/9"] })).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);
  });
});
