import fs from "node:fs/promises";
import type { APIRequestContext, Download, Page } from "@playwright/test";
import { test, expect } from "./api-helpers";
import { createIdea, expectJson } from "./api-helpers";
import { E2E_CRON_SECRET, e2eAppPort, e2eFakeUrls } from "./timestamp-fakes";

/**
 * The timestamp journey against the fake calendars and explorer of tests/e2e/global-setup.ts. The job runs only when
 * a test calls the cron endpoint, and every run touches every due proof of the server: the tests that run it are
 * serial, and they assert on their own ideas' states, never on totals.
 */
const fakes = e2eFakeUrls(e2eAppPort());
const cronHeaders = { Authorization: `Bearer ${E2E_CRON_SECRET}` };

async function runJob(request: APIRequestContext) {
  return expectJson(await request.get("/api/cron/timestamps", { headers: cronHeaders }), 200);
}

/** Every fake calendar puts the commitments it holds into a new block of the fake chain. */
async function mine(request: APIRequestContext) {
  for (const calendar of fakes.calendars) expect((await request.post(`${calendar}/__mine`)).status()).toBe(200);
}

/** Every fake calendar answers 500 ("error") or works again ("ok"). */
async function setCalendars(request: APIRequestContext, mode: "ok" | "error") {
  for (const calendar of fakes.calendars) expect((await request.post(`${calendar}/__mode`, { data: mode })).status()).toBe(200);
}

async function saved(download: Download) {
  return fs.readFile((await download.path())!);
}

/** A day as the screens write it: localDate ('25 Nov 2026'). */
const enGB = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium" });
/** A moment as the browser (en-GB, the machine's zone) writes it: localDateTime. */
const enGBTime = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" });
const WAITING = "Waiting to reach the timestamp servers — we retry every 10 minutes";
const submittedText = (at: string) => `Submitted to 2 servers at ${enGBTime(at)}; Bitcoin confirms within a few hours`;

test.describe("timestamps: the cron call", () => {
  test("refuses callers without the secret (401)", async ({ request }) => {
    const attempts: Record<string, string>[] = [{}, { Authorization: "Bearer wrong-secret-wrong-secret" }, { Authorization: E2E_CRON_SECRET }];
    for (const headers of attempts) {
      const body = await expectJson(await request.get("/api/cron/timestamps", { headers }), 401);
      expect(body).toMatchObject({ success: false });
    }
  });
});

test.describe("timestamps: owner calls", () => {
  test("a draft has no timestamp; another creator's idea is a 404", async ({ newCreator }) => {
    const owner = await newCreator();
    const intruder = await newCreator();
    const idea = await createIdea(owner.api, { title: "Unpublished", content: "<p>draft</p>" });
    for (const path of ["timestamp", "timestamp/ots", "timestamp/tsr", "timestamp/file"]) {
      await expectJson(await owner.api.get(`/api/ideas/${idea.id}/${path}`), 404);
    }
    await expectJson(await owner.api.put(`/api/ideas/${idea.id}/publish`), 200);
    const published = Date.now();
    const status = await expectJson(await owner.api.get(`/api/ideas/${idea.id}/timestamp`), 200);
    expect(status).toMatchObject({ status: "queued", submittedAt: null, calendars: [], bitcoin: null, error: null });
    // The RFC 3161 token comes within seconds (the server's worker takes its job at once; the budget is 5 s).
    await expect
      .poll(async () => (await expectJson(await owner.api.get(`/api/ideas/${idea.id}/timestamp`), 200)).rfc3161.state, { timeout: 10_000 })
      .toBe("granted");
    console.log(`[rfc3161] token granted ${Date.now() - published} ms after publishing`);
    const tsr = await owner.api.get(`/api/ideas/${idea.id}/timestamp/tsr`);
    expect(tsr.status()).toBe(200);
    expect(tsr.headers()["content-type"]).toBe("application/timestamp-reply");
    expect(status.digest).toMatch(/^[0-9a-f]{64}$/);
    // No .ots before the calendars answered; the stamped file exists at once.
    await expectJson(await owner.api.get(`/api/ideas/${idea.id}/timestamp/ots`), 404);
    const file = await owner.api.get(`/api/ideas/${idea.id}/timestamp/file`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toContain(`idea-${idea.id}.html`);
    for (const path of ["timestamp", "timestamp/ots", "timestamp/tsr", "timestamp/file"]) {
      await expectJson(await intruder.api.get(`/api/ideas/${idea.id}/${path}`), 404);
    }
  });

  test("POST /api/verify needs the file and a real proof or token (400), with no sign-in", async ({ request }) => {
    const noProof = await request.post("/api/verify", { multipart: { file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("a") } } });
    expect((await expectJson(noProof, 400)).error).toBe("Choose the .ots proof or the .tsr token of the file.");
    const junk = await request.post("/api/verify", {
      multipart: {
        file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("a") },
        ots: { name: "a.txt.ots", mimeType: "application/octet-stream", buffer: Buffer.from("not a proof") },
      },
    });
    expect((await expectJson(junk, 400)).error).toBe("This is not a valid .ots proof: This is not an OpenTimestamps proof (.ots) file.");
  });
});

test.describe("timestamps: publish, anchor, download, verify", () => {
  test.describe.configure({ mode: "serial" });

  async function cardStatus(page: Page, id: number) {
    await page.goto("/dashboard");
    const card = page.locator("[data-slot=card]", { has: page.getByRole("link", { name: new RegExp(`^Idea \\(${id}\\) :`) }) });
    return card.locator("[data-timestamp-status]");
  }

  test("while the calendars are down the owner reads that we are waiting for them, never the error; then that they have it", async ({ page, createUser, loginAs, request }) => {
    test.setTimeout(60_000);
    const user = await createUser();
    await loginAs(page, user);
    const publish = async (title: string) => {
      const created = await expectJson(await page.request.post("/api/ideas", { data: { title, content: "<p>While offline</p>" } }), 201);
      await expectJson(await page.request.put(`/api/ideas/${created.id}/publish`), 200);
      return created.id as number;
    };
    await setCalendars(request, "error");
    try {
      const id = await publish("Offline first");
      await runJob(request);
      // The API keeps the calendars' answer for tools; no screen shows it.
      const refused = await expectJson(await page.request.get(`/api/ideas/${id}/timestamp`), 200);
      expect(refused).toMatchObject({ status: "queued", submittedAt: null, retryEverySeconds: 600 });
      expect(refused.error).toMatch(/^0 of 2 calendars accepted the digest/);
      await page.goto(`/editor/${id}`);
      const panel = page.getByRole("region", { name: "Blockchain timestamp" });
      await expect(panel.getByText(WAITING)).toBeVisible();
      await expect(panel).not.toContainText("calendars accepted");
      await expect(panel).not.toContainText("HTTP 500");
      await expect(panel.getByRole("link", { name: "Download stamped file" })).toBeVisible();
      const card = await cardStatus(page, id);
      await expect(card).toHaveText(WAITING);
    } finally {
      await setCalendars(request, "ok");
    }
    // The calendars are back: the next idea's digest reaches them and the owner reads how many and when.
    const id = await publish("Online again");
    await runJob(request);
    const pending = await expectJson(await page.request.get(`/api/ideas/${id}/timestamp`), 200);
    expect(pending).toMatchObject({ status: "pending", calendars: fakes.calendars });
    await page.goto(`/editor/${id}`);
    await expect(page.getByRole("region", { name: "Blockchain timestamp" }).getByText(submittedText(pending.submittedAt))).toBeVisible();
    await expect(await cardStatus(page, id)).toHaveText(submittedText(pending.submittedAt));
  });

  test("the whole journey", async ({ page, browser, createUser, loginAs, request }, testInfo) => {
    test.setTimeout(90_000);
    const user = await createUser();
    await loginAs(page, user);
    const created = await page.request.post("/api/ideas", { data: { title: "Tidal clock", content: "<p>Tell time by the sea</p>" } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // Publish in the editor: the proof is queued at once, shown as pending.
    await page.goto(`/editor/${id}`);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("alertdialog", { name: "Publish this idea?" }).getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    const queued = await expectJson(await page.request.get(`/api/ideas/${id}/timestamp`), 200);
    const panel = page.getByRole("region", { name: "Blockchain timestamp" });
    await expect(panel.getByText(WAITING)).toBeVisible();
    await expect(panel.getByText(queued.digest)).toBeVisible();
    // The stamped file at once; the .ots not yet, and the panel says so instead of a link.
    await expect(panel.getByRole("link", { name: "Download proof (.ots)" })).toHaveCount(0);
    await expect(panel.getByText(/^No proof \(\.ots\) yet: it can be downloaded as soon as a timestamp server accepts the digest\./)).toBeVisible();
    const [earlyFile] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download stamped file" }).click()]);
    expect(earlyFile.suggestedFilename()).toBe(`idea-${id}.html`);
    await expect(await cardStatus(page, id)).toHaveText(WAITING);

    // The job submits it to the calendars: pending, with a proof to download.
    await runJob(request);
    const pending = await expectJson(await page.request.get(`/api/ideas/${id}/timestamp`), 200);
    expect(pending).toMatchObject({ status: "pending", calendars: fakes.calendars, bitcoin: null });
    await expect(await cardStatus(page, id)).toHaveText(submittedText(pending.submittedAt));
    await page.goto(`/editor/${id}`);
    await expect(panel.getByText(submittedText(pending.submittedAt))).toBeVisible();
    const [earlyOts] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download proof (.ots)" }).click()]);
    expect(earlyOts.suggestedFilename()).toBe(`idea-${id}.html.ots`);

    // A block is mined; the next run upgrades and checks it against the explorer.
    await mine(request);
    await runJob(request);
    const anchored = await expectJson(await page.request.get(`/api/ideas/${id}/timestamp`), 200);
    expect(anchored).toMatchObject({ status: "confirmed", error: null });
    const anchoredText = `Anchored in Bitcoin block ${anchored.bitcoin.height} on ${enGB(anchored.bitcoin.time)}`;
    await expect(await cardStatus(page, id)).toHaveText(anchoredText);

    // The editor shows it and offers both files.
    await page.goto(`/editor/${id}`);
    await expect(panel.getByText(anchoredText)).toBeVisible();
    await expect(panel.getByText(anchored.bitcoin.blockHash)).toBeVisible();
    await expect(panel.getByText("Confirmed in Bitcoin: the proof is complete and anyone can check it against the stamped file.")).toBeVisible();
    const [otsDownload] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download proof (.ots)" }).click()]);
    const [fileDownload] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download stamped file" }).click()]);
    expect(otsDownload.suggestedFilename()).toBe(`idea-${id}.html.ots`);
    expect(fileDownload.suggestedFilename()).toBe(`idea-${id}.html`);
    const ots = await saved(otsDownload);
    const file = await saved(fileDownload);
    expect(file.toString("utf8")).toContain("<h1>Tidal clock</h1>\n<p>Tell time by the sea</p>");

    // Anyone can verify them on /verify, signed out.
    const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-GB" });
    const visitor = await visitorContext.newPage();
    try {
      await visitor.goto("/verify");
      await expect(visitor.getByRole("heading", { name: "Verify a timestamp" })).toBeVisible();
      await visitor.getByLabel("File", { exact: true }).setInputFiles({ name: `idea-${id}.html`, mimeType: "text/html", buffer: file });
      await visitor.getByLabel("Proof (.ots)").setInputFiles({ name: `idea-${id}.html.ots`, mimeType: "application/octet-stream", buffer: ots });
      await visitor.getByRole("button", { name: "Verify" }).click();
      const result = visitor.getByRole("status");
      await expect(result.getByRole("heading", { name: "The file matches the proof and is anchored in Bitcoin" })).toBeVisible();
      await expect(result.getByText(`Bitcoin block ${anchored.bitcoin.height}, mined`).first()).toBeVisible();

      // One changed byte: it does not match.
      const tampered = Buffer.from(file);
      tampered[tampered.indexOf("sea")] = "S".charCodeAt(0);
      await visitor.getByLabel("File", { exact: true }).setInputFiles({ name: `idea-${id}.html`, mimeType: "text/html", buffer: tampered });
      await visitor.getByRole("button", { name: "Verify" }).click();
      await expect(result.getByRole("heading", { name: "The file does not match the proof" })).toBeVisible();
      await expect(result.getByText(/^This file does not match the proof/)).toBeVisible();
    } finally {
      await visitorContext.close();
    }
  });

  test("an accepted NDA is stamped too; the agreed recipient sees the state and downloads the idea's proof", async ({ newCreator, browser, request }, testInfo) => {
    const owner = await newCreator();
    const idea = await createIdea(owner.api, { title: "Shared secret", content: "<p>Only under NDA</p>" });
    await expectJson(await owner.api.put(`/api/ideas/${idea.id}/publish`), 200);
    const share = await expectJson(
      await owner.api.post("/api/shares", { data: { ideaId: idea.id, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null } }),
      201,
    );
    // The recipient's browser: its API calls and its pages share the recipient cookie.
    const recipientContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: "en-GB" });
    const recipientApi = recipientContext.request;
    try {
      const recipient = await expectJson(
        await recipientApi.post("/api/recipients", { data: { name: "Grace Hopper", email: "grace@example.com", phone: null, accessToken: share.accessLink } }),
        201,
      );
      // Not agreed yet: nothing.
      await expectJson(await recipientApi.get(`/api/share/${share.accessLink}/timestamp`), 404);
      await expectJson(await recipientApi.put(`/api/recipients/${recipient.id}/nda`, { data: { agreed: true } }), 200);
      await expectJson(await recipientApi.get(`/api/share/${share.accessLink}`), 200); // views the content

      const [nda] = await expectJson(await owner.api.get(`/api/ideas/${idea.id}/ndas`), 200);
      expect(nda).toMatchObject({ name: "Grace Hopper", email: "grace@example.com", timestamp: { status: "queued" } });
      await expectJson(await owner.api.get(`/api/ndas/${nda.id}/timestamp/ots`), 404);
      await expectJson(await recipientApi.get(`/api/share/${share.accessLink}/timestamp/ots`), 404);

      await runJob(request);
      await mine(request);
      await runJob(request);

      expect(await expectJson(await owner.api.get(`/api/ndas/${nda.id}/timestamp`), 200)).toMatchObject({ status: "confirmed" });
      const record = await owner.api.get(`/api/ndas/${nda.id}/timestamp/file`);
      const recordOts = await owner.api.get(`/api/ndas/${nda.id}/timestamp/ots`);
      expect(record.status()).toBe(200);
      expect(recordOts.status()).toBe(200);
      expect(JSON.parse((await record.body()).toString("utf8"))).toMatchObject({ recipient: { name: "Grace Hopper", email: "grace@example.com" }, idea: idea.id });
      const verified = await request.post("/api/verify", {
        multipart: {
          file: { name: "record.json", mimeType: "application/json", buffer: await record.body() },
          ots: { name: "record.json.ots", mimeType: "application/octet-stream", buffer: await recordOts.body() },
        },
      });
      expect(await expectJson(verified, 200)).toMatchObject({ matches: true, verdict: "confirmed" });

      // The recipient gets the idea's proof (the stamped file is the owner's alone: 404), which verifies against the
      // owner's copy of the file.
      expect(await expectJson(await recipientApi.get(`/api/share/${share.accessLink}/timestamp`), 200)).toMatchObject({ status: "confirmed" });
      await expectJson(await recipientApi.get(`/api/share/${share.accessLink}/timestamp/file`), 404);
      const file = await owner.api.get(`/api/ideas/${idea.id}/timestamp/file`);
      const ots = await recipientApi.get(`/api/share/${share.accessLink}/timestamp/ots`);
      expect([file.status(), ots.status()]).toEqual([200, 200]);
      const check = await request.post("/api/verify", {
        multipart: {
          file: { name: "idea.html", mimeType: "text/html", buffer: await file.body() },
          ots: { name: "idea.html.ots", mimeType: "application/octet-stream", buffer: await ots.body() },
        },
      });
      expect(await expectJson(check, 200)).toMatchObject({ matches: true, verdict: "confirmed" });
      // Someone else with the link but no agreement gets nothing.
      await expectJson(await request.get(`/api/share/${share.accessLink}/timestamp/ots`), 404);

      // The document viewer says it in plain words and offers the proof.
      const ideaStatus = await expectJson(await recipientApi.get(`/api/share/${share.accessLink}/timestamp`), 200);
      const viewer = await recipientContext.newPage();
      await viewer.goto(`/document/${share.accessLink}`);
      const details = viewer.getByRole("region", { name: "Document details" });
      await expect(details.getByText(`Anchored in Bitcoin block ${ideaStatus.bitcoin.height} on ${enGB(ideaStatus.bitcoin.time)}`)).toBeVisible();
      const [proof] = await Promise.all([viewer.waitForEvent("download"), details.getByRole("link", { name: "Download proof (.ots)" }).click()]);
      expect(proof.suggestedFilename()).toBe(`idea-${idea.id}.html.ots`);
    } finally {
      await recipientContext.close();
    }
  });
});
