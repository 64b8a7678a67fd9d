import { appOrigin, originForHost } from "@/lib/platform/http/origin";
import { setEnv } from "../../../db-utils";

describe("e-mail link origin", () => {
  it("is NEXTAUTH_URL's origin when configured, whatever the Host says", () => {
    setEnv({ NEXTAUTH_URL: "https://vault.example/some/path", NODE_ENV: "development" });
    expect(originForHost("evil.test")).toBe("https://vault.example");
    expect(appOrigin(new Request("http://evil.test/api", { headers: { host: "evil.test" } }))).toBe("https://vault.example");
  });

  it("trusts a well-formed Host only on a development server", () => {
    setEnv({ NEXTAUTH_URL: undefined, NODE_ENV: "development", PORT: "3000" });
    expect(originForHost("localhost:4000")).toBe("http://localhost:4000");
    expect(originForHost("evil.test/path")).toBe("http://localhost:3000");
    expect(originForHost(null)).toBe("http://localhost:3000");
    setEnv({ NODE_ENV: "test", PORT: "3100" });
    expect(originForHost("evil.test")).toBe("http://localhost:3100");
  });
});
