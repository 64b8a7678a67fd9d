import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { test, expect } from "./api-helpers";
import { holdRequests, seenToasts } from "./fixtures";
import { agree, createShare, newVisitor } from "./sharing-helpers";
import type { APIRequestContext } from "@playwright/test";

/**
 * The owner downloads the evidence pack from the share screen (with progress) and from the editor; the
 * ZIP holds the stamped idea, the agreement's certificate and record, and a manifest whose digests match its files;
 * its verify.html, opened from disk, checks it.
 */

type ZipListing = { bad: string | null; names: string[]; digests: Record<string, string>; manifest: { pack: string; files: { path: string; sha256: string }[] } };

function readZip(file: string): ZipListing {
  const script = `
import hashlib, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"bad": z.testzip(), "names": z.namelist(), "digests": {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()},
                  "manifest": json.loads(z.read("manifest.json"))}))`;
  return JSON.parse(execFileSync("/usr/bin/python3", ["-c", script, file]).toString()) as ZipListing;
}

test.describe("evidence pack", () => {
  const contexts: APIRequestContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.dispose()));
  });

  test("the owner clicks 'Download evidence pack' on the share screen and gets the pack; the editor offers it too", async ({
    page,
    playwright,
    baseURL,
    createUser,
    loginAs,
  }, testInfo) => {
    // The pack's own verify.html checks it too: a page and a few seconds more than the default allows on a busy machine.
    test.setTimeout(90_000);
    const owner = await createUser();
    await loginAs(page, owner);
    const created = await page.request.post("/api/ideas", { data: { title: "Evidence Kettle", content: "<p>Boil with sunlight.</p>" } });
    expect(created.status(), await created.text()).toBe(201);
    const { id: ideaId } = (await created.json()) as { id: number };
    expect((await page.request.put(`/api/ideas/${ideaId}/publish`)).status()).toBe(200);
    const share = await createShare(page.request, { ideaId, shareType: "full-access" });
    const visitor = await newVisitor(playwright, baseURL, contexts);
    await agree(visitor, share.accessLink, { name: "Rita Reader", email: "rita@example.com" });
    const [{ id: ndaId }] = (await (await page.request.get(`/api/ideas/${ideaId}/ndas`)).json()) as { id: string }[];

    await page.goto(`/share/${ideaId}`);
    const button = page.getByRole("button", { name: "Download evidence pack" });
    await expect(button).toBeVisible();
    const hold = await holdRequests(page, `**/api/ideas/${ideaId}/evidence.zip`);
    const downloaded = page.waitForEvent("download");
    // With the keyboard: the button is a plain button in the tab order.
    await button.focus();
    await page.keyboard.press("Enter");
    await hold.held();
    await expect(page.getByText("Preparing…")).toBeVisible();
    await expect(page.getByRole("button", { name: /Download evidence pack/ })).toBeDisabled();
    hold.release();

    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^evidence-idea-${ideaId}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const file = testInfo.outputPath("evidence.zip");
    await download.saveAs(file);
    const zip = readZip(file);
    expect(zip.bad).toBeNull();
    expect(zip.names).toEqual(
      expect.arrayContaining([
        "README.txt",
        `versions/v1/idea-${ideaId}.html`,
        "versions/v1/HOW-TO-VERIFY.txt",
        `agreements/${ndaId}/nda-certificate-${ndaId}.pdf`,
        `agreements/${ndaId}/nda-acceptance-${ndaId}.json`,
        "activity.csv",
        "measures.pdf",
        "manifest.json",
        "certification.txt",
      ]),
    );
    for (const f of zip.manifest.files) expect(zip.digests[f.path], f.path).toBe(f.sha256);
    // Everything but the manifest and the certification (which names the manifest's digest) is listed in the manifest.
    const unlisted = new Set(["manifest.json", "certification.txt"]);
    expect(zip.manifest.files.map((f) => f.path).sort()).toEqual(zip.names.filter((n) => !unlisted.has(n)).sort());
    // The pack checks itself: its verify.html, opened from disk, passes every check on the ZIP.
    const verifyPage = testInfo.outputPath("verify.html");
    execFileSync("/usr/bin/python3", ["-c", "import sys, zipfile; open(sys.argv[2], 'wb').write(zipfile.ZipFile(sys.argv[1]).read('verify.html'))", file, verifyPage]);
    const reader = await page.context().newPage();
    await reader.goto(pathToFileURL(verifyPage).href);
    await reader.getByLabel("Evidence pack (.zip)").setInputFiles(file);
    await expect(reader.locator("#result")).toHaveText(/^All \d+ checks passed$/, { timeout: 30_000 });
    await reader.close();
    await expect.poll(async () => (await seenToasts(page)).join("\n")).toContain("Evidence pack downloaded.");
    await expect(page.getByRole("button", { name: "Download evidence pack" })).toBeEnabled();

    // The manifest's proof: queued with the completed download; until the calendars answer, a clear 409.
    const ots = await page.request.get(`/api/ideas/${ideaId}/evidence/${zip.manifest.pack}/manifest.ots`);
    expect([200, 409]).toContain(ots.status());
    if (ots.status() === 409) expect(((await ots.json()) as { error: string }).error).toMatch(/not ready yet/);

    // The editor of the published idea offers the same pack beside its timestamp.
    await page.goto(`/editor/${ideaId}`);
    const section = page.getByRole("region", { name: "Versions" });
    await expect(section.getByRole("button", { name: "Download evidence pack" })).toBeVisible();
  });
});
