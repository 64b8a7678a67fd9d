import { createNonce, pageCsp } from "@/lib/platform/http/csp";

function directive(csp: string, name: string) {
  return csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);
}

describe("page Content-Security-Policy", () => {
  it("nonces are 16 random bytes in base64 and never repeat", () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) {
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(n, "base64")).toHaveLength(16);
    }
  });

  it("allows scripts only by nonce (and what they load), never inline", () => {
    const csp = pageCsp("abc123==");
    expect(directive(csp, "script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(csp, "base-uri")).toEqual(["'self'"]);
    expect(directive(csp, "default-src")).toEqual(["'self'"]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("adds 'unsafe-eval' for React's development build only", () => {
    expect(directive(pageCsp("n", { dev: true }), "script-src")).toContain("'unsafe-eval'");
    expect(pageCsp("n")).not.toContain("'unsafe-eval'");
  });

  it("keeps the YouTube embeds and same-origin PDF frames", () => {
    expect(directive(pageCsp("n"), "frame-src")).toEqual(
      expect.arrayContaining(["'self'", "https://www.youtube.com", "https://www.youtube-nocookie.com"]),
    );
  });
});
