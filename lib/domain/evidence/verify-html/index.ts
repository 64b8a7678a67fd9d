import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";

/**
 * verify.html, the page in every evidence pack that checks the pack in a browser with no server: the markup
 * (verify.html), its style (verify.css) and its script (page.ts and the modules it imports, bundled by esbuild into
 * one plain script) made into one self-contained file. Its Content-Security-Policy allows nothing but that inline style
 * and script, named by their SHA-256: no network, no other script, no other style. Built once per server process.
 */
const DIR = path.join(process.cwd(), "lib/domain/evidence/verify-html");

const cspHash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

function bundleScript(): string {
  const result = buildSync({
    entryPoints: [path.join(DIR, "page.ts")],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2022",
    platform: "browser",
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

export function buildVerifyHtml(): string {
  const template = fs.readFileSync(path.join(DIR, "verify.html"), "utf8");
  const style = fs.readFileSync(path.join(DIR, "verify.css"), "utf8");
  const script = bundleScript();
  // Inline content must not close its own element early.
  if (/<\/script/i.test(script) || /<\/style/i.test(style)) throw new Error("verify.html: inline content would close its element");
  const csp = ["default-src 'none'", `script-src ${cspHash(script)}`, `style-src ${cspHash(style)}`, "base-uri 'none'", "form-action 'none'"].join("; ");
  // Replaced in order, each once, with a function so that "$" in the script is never read as a replacement pattern.
  return template
    .replace("{{CSP}}", () => csp)
    .replace("{{STYLE}}", () => style)
    .replace("{{SCRIPT}}", () => script);
}

let built: string | null = null;

/** The final verify.html (UTF-8 text), its CSP hashes computed from the inline content it carries. */
export function verifyHtml(): string {
  return (built ??= buildVerifyHtml());
}
