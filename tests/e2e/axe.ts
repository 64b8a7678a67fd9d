import fs from "node:fs";
import type { Page } from "@playwright/test";
import type { AxeResults, Result } from "axe-core";
import { expect } from "./fixtures";

/** WCAG 2.0 and 2.1, levels A and AA: what the workspace must meet. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
  }
}

function describe(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
        .join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n${nodes}`;
    })
    .join("\n");
}

let axeSource: string | undefined;

/**
 * Runs axe-core on the page as it is now and fails with a readable list when a serious or critical WCAG 2.1 A/AA
 * violation is found. axe is evaluated through the DevTools protocol rather than added as a <script> tag: the
 * app's CSP (nonce + strict-dynamic) rightly refuses an inline script tag, and the fixture fails on that.
 * `alsoRules`: rules axe leaves out of its tag sets (experimental ones such as label-content-name-mismatch, WCAG 2.5.3),
 * run as well on a screen where one was found.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, { alsoRules = [] }: { alsoRules?: string[] } = {}) {
  // Colours are measured as painted: a dialog or toast still fading in reads as low contrast. Let every finite
  // animation and transition end first (spinners run forever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Every screen has one main landmark (axe's landmark rules are best practice, not WCAG tags: checked here). In
  // the DOM, not by role: an open modal rightly hides it from the accessibility tree.
  await expect(page.locator("main"), `${label} has one main landmark`).toHaveCount(1);
  const injected = await page.evaluate(() => typeof window.axe !== "undefined");
  if (!injected) {
    axeSource ??= fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
    await page.evaluate(axeSource);
  }
  const results = await page.evaluate(
    (tags) => window.axe!.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    WCAG_TAGS,
  );
  const extra = alsoRules.length
    ? await page.evaluate((rules) => window.axe!.run(document, { runOnly: { type: "rule", values: rules }, resultTypes: ["violations"] }), alsoRules)
    : { violations: [] };
  const blocking = [...results.violations, ...extra.violations].filter((v) => v.impact && BLOCKING.has(v.impact));
  expect(blocking, `serious or critical accessibility violations on ${label}:\n${describe(blocking)}`).toEqual([]);
}
