import { buildAgreement, standardAgreementTemplate } from "@/lib/domain/validation/agreement-text";
import { ownAgreementToText, PLACEHOLDERS, renderOwnAgreement } from "@/lib/domain/validation/own-agreement";
import { agreementSchema, AGREEMENT_BODY_MESSAGE, AGREEMENT_TITLE_MESSAGE } from "@/lib/domain/validation/agreements";
import { createShareSchema, updateShareSchema } from "@/lib/domain/validation/share-link";

/** The agreement form's and handlers' rules; each bad field reported by its path. */

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

describe("agreementSchema", () => {
  it("accepts a title and a body, normalised", () => {
    expect(agreementSchema.parse({ title: "  Mutual NDA ", body: "1. Secret.\r\n\r\n\r\n2. {recipientName}.  ", isDefault: true })).toEqual({ title: "Mutual NDA", body: "1. Secret.\n\n2. {recipientName}.", isDefault: true });
  });

  it("reports each bad field on its path", () => {
    expect(issuesOf(agreementSchema.safeParse({ title: "", body: "ok" }))[0]).toEqual({ path: ["title"], message: AGREEMENT_TITLE_MESSAGE });
    expect(issuesOf(agreementSchema.safeParse({ title: "x".repeat(201), body: "ok" }))[0].path).toEqual(["title"]);
    expect(issuesOf(agreementSchema.safeParse({ title: "Two\nlines", body: "ok" }))[0].path).toEqual(["title"]);
    expect(issuesOf(agreementSchema.safeParse({ title: "T", body: "   \n " }))[0]).toEqual({ path: ["body"], message: AGREEMENT_BODY_MESSAGE });
    expect(issuesOf(agreementSchema.safeParse({ title: "T", body: "x".repeat(20_001) }))[0].path).toEqual(["body"]);
    expect(agreementSchema.safeParse({ title: "T", body: "x".repeat(20_000) }).success).toBe(true);
    expect(issuesOf(agreementSchema.safeParse({ title: "T", body: "evil \u202e text" }))[0].path).toEqual(["body"]);
    const unknown = issuesOf(agreementSchema.safeParse({ title: "T", body: "Dear {name}, {recipientName} and {company}" }));
    expect(unknown).toEqual([{ path: ["body"], message: expect.stringContaining("{name}, {company}") }]);
    expect(issuesOf(agreementSchema.safeParse({ title: "T", body: "b", isDefault: "yes" }))[0].path).toEqual(["isDefault"]);
  });

  it("the one share schema takes agreementId and requireNda, by path", () => {
    const base = { ideaId: 1, shareType: "full-access" };
    expect(createShareSchema.parse({ ...base, agreementId: "cagreement0000000000000001", requireNda: false })).toMatchObject({ agreementId: "cagreement0000000000000001", requireNda: false });
    expect(createShareSchema.parse({ ...base, agreementId: null })).toMatchObject({ agreementId: null });
    expect(issuesOf(createShareSchema.safeParse({ ...base, agreementId: 5 }))[0].path).toEqual(["agreementId"]);
    expect(issuesOf(createShareSchema.safeParse({ ...base, requireNda: "no" }))[0].path).toEqual(["requireNda"]);
    expect(updateShareSchema.parse({ agreementId: null, requireNda: true })).toEqual({ agreementId: null, requireNda: true });
    expect(issuesOf(updateShareSchema.safeParse({ requireNda: 1 }))[0].path).toEqual(["requireNda"]);
  });
});

describe("standardAgreementTemplate (where a new own agreement starts)", () => {
  it("is the standard agreement's wording with the parties as placeholders, and passes the own agreement's rules", () => {
    const template = standardAgreementTemplate();
    expect(agreementSchema.parse({ title: "Non-Disclosure Agreement", body: template }).body).toBe(template);
    for (const p of PLACEHOLDERS) expect(template).toContain(`{${p}}`);
    const standard = buildAgreement({ sharerName: "Fiona", recipientName: "Rita", recipientEmail: "rita@example.com", ideaId: 7, ideaTitle: "Kettle" });
    for (const [i, term] of standard.terms.entries()) expect(template).toContain(`${i + 1}. ${term}`);
    expect(template).toContain(standard.preamble);
    expect(template.endsWith(standard.closing)).toBe(true);

    const rendered = ownAgreementToText(
      renderOwnAgreement(
        { title: "Non-Disclosure Agreement", version: 1, body: template },
        { sharerName: "Fiona Founder", recipientName: "Rita Reader", recipientEmail: "rita@example.com", ideaId: 7, ideaTitle: "Kettle", date: new Date("2026-11-27T12:00:00Z") },
      ),
    );
    expect(rendered).toContain("Rita Reader");
    expect(rendered).not.toMatch(/\{(recipientName|recipientEmail|ownerName|ideaTitle|ideaId|date)\}/);
  });
});
