import { isAllowedLinkUrl, normalizeLinkUrl, resolveLinkAnswer } from "@/components/editor/link-prompt";

describe("the link prompt's rules (SPEC §5)", () => {
  test("an empty or blank answer removes the link", () => {
    expect(resolveLinkAnswer("")).toEqual({ kind: "remove" });
    expect(resolveLinkAnswer("   ")).toEqual({ kind: "remove" });
  });

  test.each(["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"])("%s is allowed", (scheme) => {
    const href = scheme.startsWith("http") || scheme.startsWith("ftp") ? `${scheme}://example.com/x` : `${scheme}:someone`;
    expect(resolveLinkAnswer(href)).toEqual({ kind: "set", href });
  });

  test.each(["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,<b>x</b>", "vbscript:x", "file:///etc/passwd"])(
    "%j is refused",
    (answer) => {
      expect(resolveLinkAnswer(answer)).toEqual({ kind: "refused" });
    },
  );

  test("links default to http; a bare e-mail address becomes mailto; relative references stay", () => {
    expect(resolveLinkAnswer(" example.org ")).toEqual({ kind: "set", href: "http://example.org" });
    expect(normalizeLinkUrl("localhost:3000/x")).toBe("http://localhost:3000/x");
    expect(normalizeLinkUrl("someone@example.org")).toBe("mailto:someone@example.org");
    expect(normalizeLinkUrl("/dashboard")).toBe("/dashboard");
    expect(normalizeLinkUrl("#notes")).toBe("#notes");
    expect(isAllowedLinkUrl("/dashboard")).toBe(true);
  });
});
