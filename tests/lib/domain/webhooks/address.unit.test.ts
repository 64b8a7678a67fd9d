import crypto from "node:crypto";
import { isLoopbackAddress, isPrivateAddress } from "@/lib/domain/webhooks/address";
import { signatureHeader, verifySignature } from "@/lib/domain/webhooks/signature";

describe("webhook addresses", () => {
  it.each([
    "127.0.0.1", "127.255.0.9", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "0.0.0.0",
    "100.64.0.1", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd12:3456::1", "fc00::1", "::ffff:127.0.0.1",
    "::ffff:7f00:1", "::ffff:10.0.0.1", "::7f00:1", "::127.0.0.1", "::a9fe:a9fe", "::ffff:0:7f00:1", "::ffff:0:127.0.0.1",
    "64:ff9b::7f00:1", "2001:db8::1", "ff02::1", "not-an-ip",
  ])("%s is private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "93.184.215.14", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it("knows loopback", () => {
    expect(["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::7f00:1", "::ffff:0:7f00:1"].every(isLoopbackAddress)).toBe(true);
    expect(["10.0.0.1", "::2", "8.8.8.8"].some(isLoopbackAddress)).toBe(false);
  });
});

describe("webhook signatures", () => {
  it("signs t.body with HMAC-SHA256 and refuses another secret, body or an old timestamp", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const header = signatureHeader("whsec_test", '{"a":1}', now);
    expect(header).toBe(`t=${now.getTime() / 1000},v1=${crypto.createHmac("sha256", "whsec_test").update(`${now.getTime() / 1000}.{"a":1}`).digest("hex")}`);
    expect(verifySignature("whsec_test", header, '{"a":1}', now)).toBe(true);
    expect(verifySignature("whsec_other", header, '{"a":1}', now)).toBe(false);
    expect(verifySignature("whsec_test", header, '{"a":2}', now)).toBe(false);
    expect(verifySignature("whsec_test", header, '{"a":1}', new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifySignature("whsec_test", "garbage", '{"a":1}', now)).toBe(false);
  });
});
