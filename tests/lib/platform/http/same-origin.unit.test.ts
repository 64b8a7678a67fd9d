import { expectedOrigin, isCrossSiteWrite, isOwnOrigin } from "@/lib/platform/http/same-origin";
import { setEnv } from "../../../test-env";

function write(url: string, headers: Record<string, string>, method = "POST") {
  return new Request(url, { method, headers });
}

describe("isCrossSiteWrite with NEXTAUTH_URL", () => {
  beforeEach(() => setEnv({ NEXTAUTH_URL: "http://ideavault.example:8080", TRUST_PROXY: undefined }));

  it("accepts exactly the configured origin", () => {
    const req = write("http://ideavault.example:8080/api/ideas", { host: "ideavault.example:8080", origin: "http://ideavault.example:8080" });
    expect(isCrossSiteWrite(req)).toBe(false);
  });

  it("refuses another scheme or port on the same host name", () => {
    const host = { host: "ideavault.example:8080" };
    expect(isCrossSiteWrite(write("http://ideavault.example:8080/api/ideas", { ...host, origin: "https://ideavault.example:8080" }))).toBe(true);
    expect(isCrossSiteWrite(write("http://ideavault.example:8080/api/ideas", { ...host, origin: "http://ideavault.example" }))).toBe(true);
    expect(isCrossSiteWrite(write("http://ideavault.example:8080/api/ideas", { ...host, origin: "http://ideavault.example:9090" }))).toBe(true);
  });

  it("refuses a spoofed Host with a matching Origin: only NEXTAUTH_URL counts", () => {
    const req = write("http://evil.example/api/ideas", { host: "evil.example", origin: "http://evil.example" });
    expect(isCrossSiteWrite(req)).toBe(true);
    setEnv({ TRUST_PROXY: "true" });
    const proxied = write("http://ideavault.example:8080/api/ideas", {
      host: "ideavault.example:8080",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      origin: "https://evil.example",
    });
    expect(isCrossSiteWrite(proxied)).toBe(true);
  });

  it("refuses opaque and malformed origins", () => {
    for (const origin of ["null", "", "not a url", "file://", "ideavault.example:8080"]) {
      expect(isCrossSiteWrite(write("http://ideavault.example:8080/api/ideas", { host: "ideavault.example:8080", origin }))).toBe(true);
    }
  });
});

describe("isCrossSiteWrite without NEXTAUTH_URL", () => {
  beforeEach(() => setEnv({ NEXTAUTH_URL: undefined, TRUST_PROXY: undefined }));

  it("accepts the request's own origin, refuses another scheme on the same host", () => {
    const url = "http://site.example:3000/api/ideas";
    expect(isCrossSiteWrite(write(url, { host: "site.example:3000", origin: "http://site.example:3000" }))).toBe(false);
    expect(isCrossSiteWrite(write(url, { host: "site.example:3000", origin: "https://site.example:3000" }))).toBe(true);
    expect(isCrossSiteWrite(write(url, { host: "site.example:3000", origin: "http://site.example:3001" }))).toBe(true);
    expect(isCrossSiteWrite(write(url, { host: "site.example:3000", origin: "http://evil.example" }))).toBe(true);
  });

  it("treats default ports as equal", () => {
    expect(isCrossSiteWrite(write("http://site.example/api/ideas", { host: "site.example:80", origin: "http://site.example" }))).toBe(false);
  });

  it("ignores proxy headers unless TRUST_PROXY is set", () => {
    const headers = { host: "internal:3000", "x-forwarded-host": "site.example", "x-forwarded-proto": "https", origin: "https://site.example" };
    expect(isCrossSiteWrite(write("http://internal:3000/api/ideas", headers))).toBe(true);
    setEnv({ TRUST_PROXY: "true" });
    expect(isCrossSiteWrite(write("http://internal:3000/api/ideas", headers))).toBe(false);
    // Behind the proxy, an http Origin for an https site is still another origin.
    expect(isCrossSiteWrite(write("http://internal:3000/api/ideas", { ...headers, origin: "http://site.example" }))).toBe(true);
    expect(isCrossSiteWrite(write("http://internal:3000/api/ideas", { ...headers, "x-forwarded-proto": "https, http" }))).toBe(false);
  });

  it("lets reads and Origin-less writes through (no browser could forge them cross-site)", () => {
    expect(isCrossSiteWrite(write("http://site.example/api/ideas", { host: "site.example", origin: "http://evil.example" }, "GET"))).toBe(false);
    expect(isCrossSiteWrite(write("http://site.example/api/ideas", { host: "site.example" }))).toBe(false);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteWrite(write("http://site.example/api/ideas/1", { host: "site.example", origin: "http://evil.example" }, method))).toBe(true);
    }
  });
});

describe("isOwnOrigin / expectedOrigin", () => {
  it("compares a Referer's origin, not its path", () => {
    setEnv({ NEXTAUTH_URL: "https://ideavault.example", TRUST_PROXY: undefined });
    const req = new Request("http://127.0.0.1:3000/api/auth/logout", { headers: { host: "127.0.0.1:3000" } });
    expect(expectedOrigin(req)).toBe("https://ideavault.example");
    expect(isOwnOrigin(req, "https://ideavault.example/dashboard?x=1")).toBe(true);
    expect(isOwnOrigin(req, "http://ideavault.example/dashboard")).toBe(false);
    expect(isOwnOrigin(req, "https://ideavault.example.evil.example/")).toBe(false);
  });
});
