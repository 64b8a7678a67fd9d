import { safeRedirectPath } from "@/lib/platform/http/safe-redirect";

/** Values that must never survive: each one names, or normalizes into, another origin or a non-path. */
const REJECTED: string[] = [
  // The reproductions: the raw string looks like a path, the parsed one is "//host".
  "/.//127.0.0.1:9/pwned",
  "/%2e//host",
  "/%2E//host",
  "/a/..//host",
  "/a/%2e%2e//host",
  "/./\\host",
  "/.%2e//host",
  // Protocol-relative and backslash forms.
  "//evil",
  "//evil.example/path",
  "///evil",
  "\\\\evil",
  "/\\evil",
  "\\/evil",
  "/\\/evil",
  // Tabs, newlines and other control characters that browsers strip.
  "/\t/evil",
  "/\n/evil",
  "/\r\n/evil",
  "/\u0000/evil",
  "/%09/evil",
  "/%0a/evil",
  // Schemes and absolute URLs.
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " /dashboard",
  "data:text/html,<script>alert(1)</script>",
  "http://evil",
  "https://evil.example/dashboard",
  "http:/evil",
  "http:evil",
  "ftp://evil",
  // Encoded slashes and backslashes.
  "%2f%2fevil",
  "/%2f%2fevil",
  "/%2F/evil",
  "/%5cevil",
  "/%5C%5Cevil",
  "/%2f%5cevil",
  // Unicode look-alikes of "/" and "\".
  "／／evil",
  "/／evil",
  "/\uff3cevil",
  "/%EF%BC%8F%EF%BC%8Fevil",
  "\u2215\u2215evil",
  // Not a path at all.
  "",
  "dashboard",
  "?next=/x",
  "#/x",
  "/%",
  "/%zz",
  "/" + "a".repeat(3000),
];

const KEPT: [string, string][] = [
  ["/dashboard", "/dashboard"],
  ["/editor/3?x=1#h", "/editor/3?x=1#h"],
  ["/share/5", "/share/5"],
  ["/editor/new", "/editor/new"],
  ["/profile", "/profile"],
  ["/", "/"],
  ["/dashboard?tab=ideas&sort=desc", "/dashboard?tab=ideas&sort=desc"],
  // Harmless normalization is applied: the result is what the browser would have requested anyway.
  ["/a/../dashboard", "/dashboard"],
  ["/./share/5", "/share/5"],
  ["/editor/3?next=//evil", "/editor/3?next=//evil"],
  ["/search?q=a b", "/search?q=a%20b"],
];

describe("safeRedirectPath", () => {
  it.each(REJECTED.map((v) => [JSON.stringify(v), v]))("rejects %s", (_label, value) => {
    expect(safeRedirectPath(value)).toBe("/dashboard");
  });

  it.each(KEPT)("keeps %j as %j", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("falls back for missing values and uses the given fallback", () => {
    expect(safeRedirectPath(undefined)).toBe("/dashboard");
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath("//evil", "/login")).toBe("/login");
  });

  it("never returns something a browser resolves on another origin", () => {
    const base = "https://ideavault.example";
    for (const value of [...REJECTED, ...KEPT.map(([v]) => v)]) {
      const out = safeRedirectPath(value);
      expect(new URL(out, base).origin).toBe(base);
      expect(out).toMatch(/^\/(?![/\\])/);
    }
  });
});
