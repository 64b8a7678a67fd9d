import {
  commentEmail,
  emailVerificationEmail,
  firstViewEmail,
  inviteEmail,
  ndaAcceptedEmail,
  passwordResetEmail,
  recipientActivityEmail,
  recipientCodeEmail,
  shareInvitationEmail,
} from "@/lib/platform/email/templates";
import { COMMENT_EXCERPT_CHARS, formatUtc } from "@/lib/platform/email/mail-templates/notifications";

const firstLink = (text: string) => text.match(/https?:\/\/[^\s<>"']+/)?.[0];

describe("e-mail templates", () => {
  it("the account and sharing mails keep their subjects and wording, with an HTML part rendered by react-email", async () => {
    const reset = await passwordResetEmail({ name: "Ada", link: "http://localhost:3000/reset-password?token=abc" });
    expect(reset.subject).toBe("Reset your IdeaVault password");
    expect(reset.text).toBe(
      "Hi Ada,\n\nSomeone asked to reset the password of your IdeaVault account. The link below works once and expires in 1 hour.\n\n" +
        "If it was not you, ignore this e-mail: your password stays as it is.\n\nhttp://localhost:3000/reset-password?token=abc\n",
    );
    expect(reset.html).toMatch(/^<!DOCTYPE html/i);
    expect(reset.html).toContain('href="http://localhost:3000/reset-password?token=abc"');
    expect(reset.html).toContain("Set a new password");

    const verify = await emailVerificationEmail({ name: "Ada", link: "http://localhost:3000/verify-email?token=abc" });
    expect(verify.subject).toBe("Verify your e-mail address");
    expect(verify.text).toMatch(/^Hi Ada,\n\n/);
    expect(verify.text).toContain("expires in 24 hours");
    expect(firstLink(verify.text)).toBe("http://localhost:3000/verify-email?token=abc");
    expect(verify.html).toContain('href="http://localhost:3000/verify-email?token=abc"');
    expect(verify.html).toContain("Verify my e-mail address");

    const invite = await inviteEmail({ link: "http://localhost:3000/register?invite=t" });
    expect(invite.subject).toBe("Your invitation to IdeaVault");
    expect(firstLink(invite.text)).toBe("http://localhost:3000/register?invite=t");
    expect(invite.html).toContain("Create your account");

    const share = await shareInvitationEmail({ sharerName: "Ada Lovelace", ideaTitle: "Engine", link: "http://localhost:3000/view/tok" });
    expect(share.subject).toBe('Ada Lovelace shared "Engine" with you on IdeaVault');
    expect(share.text).toContain('Ada Lovelace shared the idea "Engine" with you on IdeaVault.');
    expect(firstLink(share.text)).toBe("http://localhost:3000/view/tok");
    expect(share.html).toContain('href="http://localhost:3000/view/tok"');
    expect(share.text).not.toContain("passcode");
    // A link with a passcode says one will be asked, and that it comes separately (both parts of the mail).
    const withPasscode = await shareInvitationEmail({ sharerName: "Ada Lovelace", ideaTitle: "Engine", link: "http://localhost:3000/view/tok", passcode: true });
    for (const part of [withPasscode.text, withPasscode.html]) expect(part).toContain("The link asks for a passcode. Ada Lovelace gives it to you separately; it is not in this e-mail.");

    const code = await recipientCodeEmail({ code: "012345" });
    expect(code.subject).toBe("Your IdeaVault verification code");
    expect(code.text).toContain("Your IdeaVault verification code is 012345.");
    expect(code.text).not.toMatch(/https?:/);
    expect(code.html).toContain("012345");
  });

  it("escapes user input in the HTML part and keeps subjects on one line", async () => {
    const mail = await commentEmail({
      recipient: { name: "Eve\r\nBcc: x@evil.test", email: "eve@example.com" },
      idea: { id: 7, title: "<b>Bold</b> & co" },
      content: "<script>alert(1)</script> hello",
      createdAt: new Date("2026-01-02T03:04:05Z"),
      shareScreenUrl: "http://localhost:3000/share/7",
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('New comment from Eve Bcc: x@evil.test on "<b>Bold</b> & co"');
    expect(mail.html).not.toContain("<script>alert(1)</script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<b>Bold</b>");
    expect(mail.text).toContain("<script>alert(1)</script> hello");
  });

  it("owner notifications say who, which idea and link, when, and link to the share screen in both parts", async () => {
    const at = new Date("2026-03-04T05:06:07Z");
    const common = { recipient: { name: "Grace Hopper", email: "grace@example.com" }, idea: { id: 42, title: "Solar Kettle" }, shareScreenUrl: "https://vault.example/share/42" };
    const nda = await ndaAcceptedEmail({ ...common, linkLabel: "your e-mail link for grace@example.com", acceptedAt: at });
    const view = await firstViewEmail({ ...common, linkLabel: "your full-access link of 2026-03-01", viewedAt: at });
    const comment = await commentEmail({ ...common, content: "Looks great", createdAt: at });
    expect(nda.subject).toBe('Grace Hopper accepted the NDA for "Solar Kettle"');
    expect(view.subject).toBe('Grace Hopper opened "Solar Kettle"');
    expect(comment.subject).toBe('New comment from Grace Hopper on "Solar Kettle"');
    for (const mail of [nda, view, comment]) {
      expect(mail.text).toContain("Grace Hopper (grace@example.com)");
      expect(mail.text).toContain('the idea "Solar Kettle"');
      expect(mail.text).not.toContain("Idea (42)");
      expect(mail.text).toContain("https://vault.example/share/42");
      expect(mail.html).toContain('href="https://vault.example/share/42"');
      expect(mail.html).toContain("Solar Kettle");
      // Every owner notification says how to turn it off.
      expect(mail.text.trimEnd()).toMatch(/turn these e-mails off under Notifications in your profile settings\.$/);
      expect(mail.html).toContain("turn these e-mails off under Notifications");
    }
    expect(formatUtc(at)).toBe("2026-03-04 05:06 UTC");
    expect(nda.text).toContain("Accepted on 2026-03-04 05:06 UTC through your e-mail link for grace@example.com.");
    expect(view.text).toContain("Viewed on 2026-03-04 05:06 UTC through your full-access link of 2026-03-01.");
    expect(comment.text).toContain("“Looks great”");
  });

  it("a long comment is cut to an excerpt", async () => {
    const mail = await commentEmail({
      recipient: { name: "Grace", email: "g@example.com" },
      idea: { id: 1, title: "T" },
      content: `${"word ".repeat(200)}THE-END`,
      createdAt: new Date(),
      shareScreenUrl: "http://localhost:3000/share/1",
    });
    expect(mail.text).not.toContain("THE-END");
    const excerpt = mail.text.match(/“([^”]*)”/)?.[1] ?? "";
    expect(excerpt.length).toBe(COMMENT_EXCERPT_CHARS);
    expect(excerpt.endsWith("…")).toBe(true);
  });

  it("a recipient burst is one mail listing each event with its time", async () => {
    const mail = await recipientActivityEmail({
      recipient: { name: "Grace Hopper", email: "grace@example.com" },
      idea: { id: 42, title: "Solar Kettle" },
      linkLabel: "your e-mail link for grace@example.com",
      events: [
        { kind: "ndaAccepted", at: new Date("2026-03-04T05:06:07Z") },
        { kind: "firstView", at: new Date("2026-03-04T05:06:40Z") },
      ],
      shareScreenUrl: "https://vault.example/share/42",
    });
    expect(mail.subject).toBe('Grace Hopper accepted the NDA and opened "Solar Kettle"');
    expect(mail.text).toContain(
      'Grace Hopper (grace@example.com) accepted the confidentiality agreement for the idea "Solar Kettle" on 2026-03-04 05:06 UTC and opened it for the first time on 2026-03-04 05:06 UTC.',
    );
    expect(mail.text).toContain("Through your e-mail link for grace@example.com.");
    expect(mail.html).toContain('href="https://vault.example/share/42"');
    expect(mail.text.trimEnd()).toMatch(/turn these e-mails off under Notifications in your profile settings\.$/);
  });

  it("the invitation carries the owner's note as text: escaped in the HTML part", async () => {
    const mail = await shareInvitationEmail({ sharerName: "Ada Lovelace", ideaTitle: "Engine", link: "http://localhost:3000/view/tok", note: "See <b>this</b> & that" });
    expect(mail.text).toContain("Ada Lovelace's note:\n\n“See <b>this</b> & that”");
    expect(mail.html).toContain("See &lt;b&gt;this&lt;/b&gt; &amp; that");
    expect(mail.html).not.toContain("<b>this</b>");
    expect(firstLink(mail.text)).toBe("http://localhost:3000/view/tok");
    const plain = await shareInvitationEmail({ sharerName: "Ada Lovelace", ideaTitle: "Engine", link: "http://localhost:3000/view/tok" });
    expect(plain.text).not.toContain("note");
  });
});
