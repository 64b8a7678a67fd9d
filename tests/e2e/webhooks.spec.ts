import { test, expect, expectJson } from "./api-helpers";
import { seenToasts } from "./fixtures";
import { agree, createShare, newVisitor } from "./sharing-helpers";
import { startWebhookReceiver } from "../fakes/webhook-receiver";
import { verifySignature } from "@/lib/domain/webhooks/signature";
import type { APIRequestContext } from "@playwright/test";

/** /profile → Webhooks against a receiver on 127.0.0.1 (the server runs with WEBHOOKS_ALLOW_PRIVATE: playwright.config.ts). */

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test.describe("webhooks", () => {
  // The refused address answers 400 on purpose.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 400\b/] });

  test("the owner adds an endpoint, sees its secret once, sends a test event and reads the log", async ({ page, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByText("No endpoints yet.")).toBeVisible();

    // A refused address: the server's reason next to the field.
    const url = section.getByLabel("Endpoint URL");
    await url.fill("http://example.com/hook");
    await section.getByRole("button", { name: "Add endpoint" }).click();
    await expect(section.getByText(/must start with https/)).toBeVisible();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toBeFocused();

    const path = `/profile-${Date.now()}`;
    await url.fill(`${receiver.url}${path}`);
    await section.getByRole("checkbox", { name: /Link revoked/ }).uncheck();
    await section.getByRole("button", { name: "Add endpoint" }).press("Enter");
    const secretField = section.getByLabel(/Signing secret for/);
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = await secretField.inputValue();
    const endpoint = section.getByTestId("webhook-endpoint");
    await expect(endpoint).toContainText(`${receiver.url}${path}`);
    await expect(endpoint.getByRole("list", { name: "Events" }).getByRole("listitem")).toHaveCount(4);
    await section.getByRole("button", { name: "Done" }).click();
    await expect(secretField).toHaveCount(0);

    // Never shown again, nor sent again by the API.
    await page.reload();
    await expect(section.getByTestId("webhook-endpoint")).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    expect(await page.request.get("/api/webhooks").then((r) => r.text())).not.toContain(secret);

    const before = receiver.received.length;
    await section.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(async () => (await seenToasts(page)).some((t) => t.includes("Test event delivered (HTTP 200)"))).toBe(true);
    const request = receiver.received.slice(before).find((r) => r.path === `/hooks${path}`)!;
    expect(request).toBeDefined();
    expect(verifySignature(secret, String(request.headers["ideavault-signature"]), request.body)).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({ type: "webhook.test" });

    await section.getByText(/^Delivery log/).click();
    const delivery = section.getByTestId("webhook-delivery").first();
    await expect(delivery).toContainText("webhook.test");
    await expect(delivery).toContainText("Delivered");
    await expect(delivery).toContainText("Attempt 1");
    await expect(delivery).toContainText("HTTP 200");

    // Delete, confirmed in a dialog.
    await section.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete endpoint" }).click();
    await expect(section.getByText("No endpoints yet.")).toBeVisible();
    expect(await expectJson(await page.request.get("/api/webhooks"), 200)).toEqual([]);
  });

  test("phone layout: the section fits a 375 px screen", async ({ page, createUser, loginAs }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const user = await createUser();
    await loginAs(page, user);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByLabel("Endpoint URL")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("an accepted NDA reaches the owner's endpoint within 5 s, signed", async ({ newCreator, playwright, baseURL }) => {
    const { api } = await newCreator();
    const created = await expectJson(await api.post("/api/webhooks", { data: { url: `${receiver.url}/budget`, events: ["nda.accepted"] } }), 201);
    const idea = await expectJson(await api.post("/api/ideas", { data: { title: "Budget idea", content: "<p>x</p>" } }), 201);
    await expectJson(await api.put(`/api/ideas/${idea.id}/publish`), 200);
    const share = await createShare(api, { ideaId: idea.id, shareType: "full-access" });
    const contexts: APIRequestContext[] = [];
    try {
      const visitor = await newVisitor(playwright, baseURL, contexts);
      const before = receiver.received.length;
      const started = Date.now();
      await agree(visitor, share.accessLink);
      await expect.poll(() => receiver.received.slice(before).some((r) => r.path === "/hooks/budget"), { timeout: 5000 }).toBe(true);
      const request = receiver.received.slice(before).find((r) => r.path === "/hooks/budget")!;
      console.log(`[webhooks] nda.accepted delivered ${request.at - started} ms after the acceptance call began`);
      expect(request.at - started).toBeLessThan(5000);
      expect(verifySignature(created.secret, String(request.headers["ideavault-signature"]), request.body)).toBe(true);
      expect(JSON.parse(request.body)).toMatchObject({ type: "nda.accepted", data: { ideaId: idea.id, shareId: share.id } });
    } finally {
      for (const c of contexts) await c.dispose();
    }
  });
});
