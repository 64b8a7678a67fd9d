import { EMPTY_SHARE_FORM, fieldForServerMessage, shareFieldsFor, shareUrl, toCreateShareRequest } from "@/components/share/share-form-model";
import { MESSAGES } from "@/lib/validation/sharing";

/** SPEC §5: the share form's null rules and checks, before anything is sent. */

const NOW = new Date("2026-11-22T12:00:00Z");
const form = (patch: Partial<typeof EMPTY_SHARE_FORM>) => ({ ...EMPTY_SHARE_FORM, ...patch });

describe("share form", () => {
  it("shows Expiration Date only for time-dependent, Maximum Views for one-time and time-dependent, Recipient Email only for email", () => {
    expect(shareFieldsFor("one-time")).toEqual({ expiresAt: false, maxViews: true, recipientEmail: false });
    expect(shareFieldsFor("time-dependent")).toEqual({ expiresAt: true, maxViews: true, recipientEmail: false });
    expect(shareFieldsFor("full-access")).toEqual({ expiresAt: false, maxViews: false, recipientEmail: false });
    expect(shareFieldsFor("email")).toEqual({ expiresAt: false, maxViews: false, recipientEmail: true });
  });

  it("sends null for every field the type does not use, whatever the inputs still hold", () => {
    const leftovers = { expiresAt: "2030-01-01T10:00", maxViews: "4", recipientEmail: "a@example.com" };
    expect(toCreateShareRequest(form({ ...leftovers, shareType: "one-time" }), 5, NOW)).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "one-time", expiresAt: null, maxViews: 4, recipientEmail: null, allowDownload: false, screenShield: false },
    });
    expect(toCreateShareRequest(form({ ...leftovers, shareType: "full-access" }), 5, NOW)).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, allowDownload: false, screenShield: false },
    });
    expect(toCreateShareRequest(form({ ...leftovers, shareType: "email", recipientEmail: " A@Example.COM " }), 5, NOW)).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "email", expiresAt: null, maxViews: null, recipientEmail: "a@example.com", allowDownload: false, screenShield: false },
    });
    const timed = toCreateShareRequest(form({ ...leftovers, shareType: "time-dependent" }), 5, NOW);
    expect(timed).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "time-dependent", expiresAt: new Date("2030-01-01T10:00").toISOString(), maxViews: 4, recipientEmail: null, allowDownload: false, screenShield: false },
    });
  });

  it("sends the link options as switched", () => {
    expect(toCreateShareRequest(form({ shareType: "full-access", allowDownload: true }), 5, NOW)).toMatchObject({ ok: true, body: { allowDownload: true, screenShield: false } });
    expect(toCreateShareRequest(form({ shareType: "full-access", screenShield: true }), 5, NOW)).toMatchObject({ ok: true, body: { allowDownload: false, screenShield: true } });
  });

  it("an empty Maximum Views means unlimited (null)", () => {
    expect(toCreateShareRequest(form({ maxViews: "  " }), 1, NOW)).toMatchObject({ ok: true, body: { maxViews: null } });
  });

  it("refuses a missing or past expiry, a bad maximum and a bad address, with the shared messages", () => {
    expect(toCreateShareRequest(form({ shareType: "time-dependent" }), 1, NOW)).toEqual({ ok: false, errors: { expiresAt: MESSAGES.expiresAt } });
    expect(toCreateShareRequest(form({ shareType: "time-dependent", expiresAt: "2020-01-01T00:00" }), 1, NOW)).toEqual({
      ok: false,
      errors: { expiresAt: MESSAGES.expiresAt },
    });
    expect(toCreateShareRequest(form({ shareType: "time-dependent", expiresAt: "garbage" }), 1, NOW)).toMatchObject({ ok: false });
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "1000001"]) {
      expect(toCreateShareRequest(form({ maxViews: bad }), 1, NOW)).toEqual({ ok: false, errors: { maxViews: MESSAGES.maxViews } });
    }
    for (const bad of ["", "not-an-address", "a@b"]) {
      expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: bad }), 1, NOW)).toEqual({
        ok: false,
        errors: { recipientEmail: MESSAGES.recipientEmail },
      });
    }
  });

  it("maps the server's validation messages to their fields", () => {
    expect(fieldForServerMessage(MESSAGES.expiresAt)).toBe("expiresAt");
    expect(fieldForServerMessage(MESSAGES.maxViews)).toBe("maxViews");
    expect(fieldForServerMessage(MESSAGES.recipientEmail)).toBe("recipientEmail");
    expect(fieldForServerMessage("Too many requests")).toBeNull();
  });

  it("the link is {origin}/view/{accessLink}", () => {
    expect(shareUrl("abc_-123", "https://vault.example")).toBe("https://vault.example/view/abc_-123");
  });
});
