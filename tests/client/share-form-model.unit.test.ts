import { addressesInWords, EMPTY_SHARE_FORM, localDateTimeAfterDays, splitAddresses, withoutAddress, serverFieldErrors, startingShareForm, shareFieldsFor, shareFormSchema, shareUrl, splitList, toCreateShareRequest } from "@/components/share/share-form-model";
import { ApiError } from "@/client/request";
import { createShareSchema } from "@/lib/domain/validation/share-link";
import { MESSAGES } from "@/lib/domain/validation/sharing";

/** SPEC §5: the form validates with the handler's own schema and puts each message on its field by path. */

const form = (patch: Partial<typeof EMPTY_SHARE_FORM>) => ({ ...EMPTY_SHARE_FORM, ...patch });
const FUTURE_LOCAL = "2099-01-01T10:00";

describe("share form", () => {
  it("shows Expiration Date only for time-dependent, Maximum Views for one-time and time-dependent, Recipient Email and the note only for email", () => {
    expect(shareFieldsFor("one-time")).toEqual({ expiresAt: false, maxViews: true, recipientEmail: false, note: false });
    expect(shareFieldsFor("time-dependent")).toEqual({ expiresAt: true, maxViews: true, recipientEmail: false, note: false });
    expect(shareFieldsFor("full-access")).toEqual({ expiresAt: false, maxViews: false, recipientEmail: false, note: false });
    expect(shareFieldsFor("email")).toEqual({ expiresAt: false, maxViews: false, recipientEmail: true, note: true });
  });

  it("sends the personal note of an e-mail link trimmed, none when blank or for other types; over 500 characters is refused on its field", () => {
    expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: "a@example.com", note: "  Hi Grace,\nthe deck we discussed.  " }), { ideaId: 5 })).toMatchObject({
      ok: true,
      body: { note: "Hi Grace,\nthe deck we discussed." },
    });
    const blank = toCreateShareRequest(form({ shareType: "email", recipientEmail: "a@example.com", note: "   " }), { ideaId: 5 });
    expect(blank.ok && blank.body.note == null).toBe(true);
    const other = toCreateShareRequest(form({ shareType: "full-access", note: "left over from the e-mail type" }), { ideaId: 5 });
    expect(other.ok && other.body.note === undefined).toBe(true);
    expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: "a@example.com", note: "x".repeat(501) }), { ideaId: 5 })).toEqual({
      ok: false,
      errors: { note: "Note must be at most 500 characters" },
    });
    expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: "a@example.com", note: "x".repeat(500) }), { ideaId: 5 })).toMatchObject({ ok: true });
  });

  it("sends null for every field the type does not use, whatever the inputs still hold", () => {
    const leftovers = { expiresAt: FUTURE_LOCAL, maxViews: "4", recipientEmail: "a@example.com" };
    expect(toCreateShareRequest(form({ ...leftovers, shareType: "one-time" }), { ideaId: 5 })).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "one-time", expiresAt: null, maxViews: 4, recipientEmail: null, allowDownload: false, screenShield: false },
    });
    expect(toCreateShareRequest(form({ ...leftovers, shareType: "full-access" }), { ideaId: 5 })).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, allowDownload: false, screenShield: false },
    });
    expect(toCreateShareRequest(form({ ...leftovers, shareType: "email", recipientEmail: " A@Example.COM " }), { ideaId: 5 })).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "email", expiresAt: null, maxViews: null, recipientEmail: "a@example.com", allowDownload: false, screenShield: false },
    });
    expect(toCreateShareRequest(form({ ...leftovers, shareType: "time-dependent" }), { ideaId: 5 })).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "time-dependent", expiresAt: new Date(FUTURE_LOCAL).toISOString(), maxViews: 4, recipientEmail: null, allowDownload: false, screenShield: false },
    });
  });

  it("what the form sends is what the handler's schema accepts, unchanged", () => {
    for (const shareType of ["one-time", "time-dependent", "full-access", "email"] as const) {
      const request = toCreateShareRequest(form({ shareType, expiresAt: FUTURE_LOCAL, maxViews: "2", recipientEmail: "b@example.com" }), { ideaId: 9 });
      if (!request.ok) throw new Error(`${shareType} refused`);
      expect(createShareSchema.parse(request.body)).toEqual(request.body);
    }
  });

  it("sends the link options as switched", () => {
    expect(toCreateShareRequest(form({ shareType: "full-access", allowDownload: true }), { ideaId: 5 })).toMatchObject({ ok: true, body: { allowDownload: true, screenShield: false } });
    expect(toCreateShareRequest(form({ shareType: "full-access", screenShield: true }), { ideaId: 5 })).toMatchObject({ ok: true, body: { allowDownload: false, screenShield: true } });
  });

  it("sends the passcode as typed, none when empty; a short one is refused on its field", () => {
    expect(toCreateShareRequest(form({ shareType: "full-access", passcode: " open sesame" }), { ideaId: 5 })).toMatchObject({ ok: true, body: { passcode: " open sesame" } });
    const none = toCreateShareRequest(form({ shareType: "full-access", passcode: "" }), { ideaId: 5 });
    expect(none.ok && "passcode" in none.body).toBe(false);
    expect(toCreateShareRequest(form({ shareType: "full-access", passcode: "abc" }), { ideaId: 5 })).toEqual({ ok: false, errors: { passcode: MESSAGES.passcode } });
  });

  it("sends the link's name trimmed, none when blank; a name over 100 characters or over two lines is refused on its field", () => {
    expect(toCreateShareRequest(form({ shareType: "full-access", name: "  Sequoia, partner meeting " }), { ideaId: 5 })).toMatchObject({ ok: true, body: { name: "Sequoia, partner meeting" } });
    const blank = toCreateShareRequest(form({ shareType: "full-access", name: "   " }), { ideaId: 5 });
    expect(blank.ok && "name" in blank.body).toBe(false);
    expect(toCreateShareRequest(form({ shareType: "full-access", name: "x".repeat(101) }), { ideaId: 5 })).toEqual({ ok: false, errors: { name: "Name must be at most 100 characters" } });
    expect(toCreateShareRequest(form({ shareType: "full-access", name: "Sequoia\nTerms: none" }), { ideaId: 5 })).toMatchObject({ ok: false, errors: { name: expect.any(String) } });
  });

  it("sends who may open the link as lists, none when empty; a bad entry is reported on its list", () => {
    expect(splitList(" a@x.com, b@y.com;c@z.com\n")).toEqual(["a@x.com", "b@y.com", "c@z.com"]);
    expect(toCreateShareRequest(form({ shareType: "full-access", allowedDomains: "@Sequoia.com, a16z.com", blockedDomains: "rival.io" }), { ideaId: 5 })).toMatchObject({
      ok: true,
      body: { allowedDomains: ["sequoia.com", "a16z.com"], blockedDomains: ["rival.io"] },
    });
    const none = toCreateShareRequest(form({ shareType: "full-access" }), { ideaId: 5 });
    expect(none.ok && ("allowedEmails" in none.body || "allowedDomains" in none.body || "blockedDomains" in none.body)).toBe(false);
    expect(toCreateShareRequest(form({ shareType: "full-access", allowedEmails: "partner@sequoia.com nobody" }), { ideaId: 5 })).toMatchObject({ ok: false, errors: { allowedEmails: expect.any(String) } });
    expect(toCreateShareRequest(form({ shareType: "full-access", blockedDomains: "not_a domain" }), { ideaId: 5 })).toMatchObject({ ok: false, errors: { blockedDomains: "Enter domains such as sequoia.com" } });
  });

  it("an empty Maximum Views means unlimited (null)", () => {
    expect(toCreateShareRequest(form({ shareType: "one-time", maxViews: "  " }), { ideaId: 1 })).toMatchObject({ ok: true, body: { maxViews: null } });
  });

  it("refuses a missing, past or unreadable expiry, a bad maximum and a bad address, each on its own field", () => {
    expect(toCreateShareRequest(form({ shareType: "time-dependent" }), { ideaId: 1 })).toEqual({ ok: false, errors: { expiresAt: MESSAGES.expiresAt } });
    expect(toCreateShareRequest(form({ shareType: "time-dependent", expiresAt: "2020-01-01T00:00" }), { ideaId: 1 })).toEqual({ ok: false, errors: { expiresAt: MESSAGES.expiresAt } });
    expect(toCreateShareRequest(form({ shareType: "time-dependent", expiresAt: "garbage" }), { ideaId: 1 })).toEqual({ ok: false, errors: { expiresAt: MESSAGES.expiresAt } });
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "1000001"]) {
      expect(toCreateShareRequest(form({ shareType: "one-time", maxViews: bad }), { ideaId: 1 })).toEqual({ ok: false, errors: { maxViews: MESSAGES.maxViews } });
    }
    for (const bad of ["", "not-an-address", "a@b"]) {
      expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: bad }), { ideaId: 1 })).toEqual({ ok: false, errors: { recipientEmail: MESSAGES.recipientEmail } });
    }
    // Two bad fields: two messages, each where it belongs.
    expect(toCreateShareRequest(form({ shareType: "time-dependent", expiresAt: "", maxViews: "0" }), { ideaId: 1 })).toEqual({
      ok: false,
      errors: { expiresAt: MESSAGES.expiresAt, maxViews: MESSAGES.maxViews },
    });
  });

  it("the Standard Schema gives the light form the body, or one issue per field", async () => {
    const schema = shareFormSchema({ ideaId: 3 })["~standard"];
    expect(await schema.validate(form({ shareType: "full-access" }))).toEqual({
      value: { ideaId: 3, shareType: "full-access", expiresAt: null, maxViews: null, recipientEmail: null, allowDownload: false, screenShield: false },
    });
    expect(await schema.validate(form({ shareType: "one-time", maxViews: "x" }))).toEqual({
      issues: [{ message: MESSAGES.maxViews, path: ["maxViews"] }],
    });
  });

  it("maps the server's 400 to fields by issues[].path, not by message", () => {
    const refusal = (issues: unknown[]) => new ApiError(400, JSON.stringify({ success: false, error: "x", issues }), "Bad Request");
    expect(serverFieldErrors(refusal([{ code: "custom", path: ["maxViews"], message: "Some new wording" }]))).toEqual({ maxViews: "Some new wording" });
    expect(serverFieldErrors(refusal([{ code: "custom", path: ["expiresAt"], message: MESSAGES.expiresAtTooFar }, { code: "custom", path: ["recipientEmail"], message: "m" }]))).toEqual({
      expiresAt: MESSAGES.expiresAtTooFar,
      recipientEmail: "m",
    });
    expect(serverFieldErrors(refusal([{ code: "custom", path: ["ideaId"], message: "Idea not found" }]))).toBeNull();
    expect(serverFieldErrors(new ApiError(429, JSON.stringify({ error: "Too many requests" }), "Too Many Requests"))).toBeNull();
    expect(serverFieldErrors(new Error("offline"))).toBeNull();
  });

  it("the link is {origin}/view/{accessLink}", () => {
    expect(shareUrl("abc_-123", "https://vault.example")).toBe("https://vault.example/view/abc_-123");
  });

  it("a new link starts time-limited, expiring 30 days from now (local time), or as the account's defaults say", () => {
    const now = new Date(2026, 10, 27, 21, 5, 42);
    expect(localDateTimeAfterDays(30, now)).toBe("2026-12-27T21:05");
    expect(startingShareForm(undefined, now)).toMatchObject({ shareType: "time-dependent", expiresAt: "2026-12-27T21:05", allowDownload: false });
    expect(startingShareForm({ shareType: "one-time", expiryDays: 7, allowDownload: true, screenShield: false }, now)).toMatchObject({
      shareType: "one-time",
      expiresAt: "2026-12-04T21:05",
      allowDownload: true,
    });
    // The form as it first opens is a valid time-limited request.
    expect(toCreateShareRequest(startingShareForm(undefined), { ideaId: 1 })).toMatchObject({ ok: true, body: { shareType: "time-dependent", maxViews: null } });
  });

  it("'Recipient Email' takes several addresses (commas, spaces, new lines), each once, sent as the list; one stays recipientEmail", () => {
    expect(splitAddresses("a@example.com, b@example.com\nc@example.com  A@Example.com;")).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(withoutAddress("a@example.com, B@example.com\nc@example.com", "b@example.com")).toBe("a@example.com, c@example.com");
    expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: " A@Example.com,\nb@example.com " }), { ideaId: 5 })).toEqual({
      ok: true,
      body: { ideaId: 5, shareType: "email", expiresAt: null, maxViews: null, recipientEmail: "a@example.com", recipientEmails: ["a@example.com", "b@example.com"], allowDownload: false, screenShield: false },
    });
    // The bad one is named, on the field.
    expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: "a@example.com nope@" }), { ideaId: 5 })).toEqual({ ok: false, errors: { recipientEmail: `${MESSAGES.recipientEmail}: nope@` } });
    const many = Array.from({ length: 51 }, (_, i) => `r${i}@example.com`).join(" ");
    expect(toCreateShareRequest(form({ shareType: "email", recipientEmail: many }), { ideaId: 5 })).toEqual({ ok: false, errors: { recipientEmail: "Enter at most 50 addresses" } });
    // The server's refusal of one of several addresses lands on the same field.
    const refusal = new ApiError(400, JSON.stringify({ error: "m", issues: [{ code: "custom", path: ["recipientEmails", 1], message: `${MESSAGES.recipientEmail}: x@` }] }), "Bad Request");
    expect(serverFieldErrors(refusal)).toEqual({ recipientEmail: `${MESSAGES.recipientEmail}: x@` });
  });

  it("says a link's addresses in a line: two named, then how many more", () => {
    expect(addressesInWords(["a@x.com"])).toBe("a@x.com");
    expect(addressesInWords(["a@x.com", "b@y.com"])).toBe("a@x.com and b@y.com");
    expect(addressesInWords(["a@x.com", "b@y.com", "c@z.com"])).toBe("a@x.com, b@y.com and c@z.com");
    expect(addressesInWords(["a@x.com", "b@y.com", "c@z.com", "d@w.com"])).toBe("a@x.com, b@y.com and 2 more");
  });
});
