import { describeDevice } from "@/lib/platform/http/device";

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const SAFARI_IPAD = "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const CHROME_PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const SAFARI_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe("describeDevice", () => {
  it.each([
    [CHROME_WINDOWS, "Chrome 131 on Windows 10 (desktop)"],
    [SAFARI_IPHONE, "Mobile Safari 17 on iOS 17.4 (iPhone)"],
    [SAFARI_IPAD, "Mobile Safari 17 on iOS 17.4 (iPad)"],
    [CHROME_PIXEL, "Chrome 131 on Android 14 (Pixel 8)"],
    [SAFARI_MAC, "Safari 17 on Mac OS 10.15.7 (desktop)"],
    [FIREFOX_LINUX, "Firefox 133 on Linux (desktop)"],
  ])("names the browser, system and device of %s", (ua, text) => {
    expect(describeDevice(ua)).toBe(text);
  });

  it("says 'Unknown device' without a user agent", () => {
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice(undefined)).toBe("Unknown device");
    expect(describeDevice("   ")).toBe("Unknown device");
  });

  it("quotes (a bounded part of) a user agent it cannot read", () => {
    expect(describeDevice("curl/8.5.0")).toBe("Unknown device (curl/8.5.0)");
    expect(describeDevice(`bot/${"x".repeat(200)}`)).toBe(`Unknown device (bot/${"x".repeat(56)}…)`);
  });

  it("answers the same words from its cache", () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe(describeDevice(CHROME_WINDOWS));
  });
});
