import { clientIp, rateLimitAddress, CLIENT_IP_HEADER } from "@/lib/platform/http/client-ip";
import { setEnv } from "../../../test-env";

describe("clientIp", () => {
  it("trusts the socket header only under serve.ts", () => {
    const h = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" });
    setEnv({ IDEAVAULT_CUSTOM_SERVER: undefined, TRUST_PROXY: undefined });
    expect(clientIp(h)).toBe("unknown");
    setEnv({ IDEAVAULT_CUSTOM_SERVER: "true" });
    expect(clientIp(h)).toBe("203.0.113.9");
  });

  it("behind a trusted proxy takes the right-most X-Forwarded-For entry (what the proxy saw)", () => {
    setEnv({ TRUST_PROXY: "true" });
    expect(clientIp(new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(new Headers({ "x-real-ip": "203.0.113.8" }))).toBe("203.0.113.8");
  });

  it("groups IPv6 by /64 and unwraps IPv4-mapped addresses", () => {
    expect(rateLimitAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(rateLimitAddress("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitAddress("2001:db8:aa:bb::9")).toBe("2001:db8:aa:bb::/64");
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("127.0.0.1")).toBe("127.0.0.1");
  });
});
