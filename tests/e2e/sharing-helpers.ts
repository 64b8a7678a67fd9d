import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, expectJson } from "./api-helpers";
import type { Share } from "@/client/types";

export const INVALID_LINK = "This link is invalid or has expired.";

/** The owner's view of a share (the API's own response type). */
export type ShareJson = Share;

export async function createShare(api: APIRequestContext, data: Record<string, unknown>): Promise<ShareJson> {
  return expectJson(await api.post("/api/shares", { data: { expiresAt: null, maxViews: null, recipientEmail: null, ...data } }), 201);
}

/** A recipient's browser: its own cookie jar. */
export async function newVisitor(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, contexts: APIRequestContext[]) {
  const api = await playwright.request.newContext({ baseURL });
  contexts.push(api);
  return api;
}

export async function identify(api: APIRequestContext, accessToken: string, overrides: Record<string, unknown> = {}) {
  return api.post("/api/recipients", { data: { name: "Grace Hopper", email: "grace@example.com", phone: "+1 555 0100", accessToken, ...overrides } });
}

/** Identifies and accepts the agreement; answers the recipient. */
export async function agree(api: APIRequestContext, accessToken: string, overrides: Record<string, unknown> = {}) {
  const recipient = await expectJson(await identify(api, accessToken, overrides), 201);
  return expectJson(await api.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 200);
}

/** Answers on shares, recipients and comments are never cached and never leak the token as a Referer. */
export function expectPrivate(res: APIResponse) {
  expect(res.headers()["cache-control"], res.url()).toMatch(/^private, no-store/);
  expect(res.headers()["referrer-policy"], res.url()).toBe("no-referrer");
}
