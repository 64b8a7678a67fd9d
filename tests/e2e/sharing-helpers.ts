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

/** An HTML idea of four sections (each h2 starts one), as the reading-time screens count them. */
export const FOUR_SECTIONS = "<h1>Cardamom Cola</h1><h2>Problem</h2><p>Colas taste alike.</p><h2>Solution</h2><p>Cardamom.</p><h2>Market</h2><p>Cafés.</p><h2>Next steps</h2><p>Bottle it.</p>";

/**
 * The signed-in owner's idea of FOUR_SECTIONS with a full-access link, and a recipient (`who`) who agreed and opened it
 * (a view); `report` sends reading time as the reader does.
 */
export async function readerOfFourSections(
  owner: APIRequestContext,
  visitor: APIRequestContext,
  who: { name: string; email: string },
) {
  const created = await owner.post("/api/ideas", { data: { title: "Cardamom Cola", content: FOUR_SECTIONS } });
  expect(created.status(), await created.text()).toBe(201);
  const { id: ideaId } = (await created.json()) as { id: number };
  const share = await createShare(owner, { ideaId, shareType: "full-access" });
  await agree(visitor, share.accessLink, who);
  await expectJson(await visitor.get(`/api/share/${share.accessLink}`), 200);
  const report = (pages: { n: number; ms: number }[]) => visitor.post(`/api/share/${share.accessLink}/engagement`, { data: { pages } });
  return { ideaId, share, report };
}
