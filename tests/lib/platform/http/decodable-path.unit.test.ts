import { isDecodablePath } from "@/lib/platform/http/decodable-path";

describe("isDecodablePath", () => {
  it("refuses paths that are not percent-encoded UTF-8 (Next answers them with a 500)", () => {
    for (const bad of ["/view/%ED%A0%80", "/api/share/%FF", "/api/ideas/%C0%AF", "/x/%E2%82", "/x/%G0"]) expect(isDecodablePath(bad)).toBe(false);
  });
  it("accepts every well-formed path, whatever its query", () => {
    for (const ok of ["/", "/api/shares/%00", "/view/abc_-123", "/r%C3%A9sum%C3%A9", "/api/x?q=%FF", undefined]) expect(isDecodablePath(ok)).toBe(true);
  });
});
