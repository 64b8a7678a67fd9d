import { agreementParties } from "@/lib/domain/validation/agreement-text";
import { agreementDate, fillValue, normalizeAgreementBody, ownAgreementToText, renderOwnAgreement, unknownPlaceholders, VALUE_MAX } from "@/lib/domain/validation/own-agreement";

/** A founder's own agreement as rendered for one recipient. */

const parties = { ideaId: 42, ideaTitle: "Kettle", sharerName: "Fiona Founder", recipientName: "Grace Hopper", recipientEmail: "grace@example.com" };
const date = new Date(Date.UTC(2026, 10, 25, 12));
const version = {
  title: "Mutual NDA",
  version: 3,
  body: "Between {ownerName} and {recipientName} <{recipientEmail}> on {date}.\r\n\r\n\r\n1. Keep \"{ideaTitle}\" (idea {ideaId}) secret.   \n\n2. No use.",
};

describe("renderOwnAgreement", () => {
  it("fills every placeholder as a labelled, marked value under the parties block", () => {
    const text = ownAgreementToText(renderOwnAgreement(version, { ...parties, date }));
    expect(text).toBe(
      [
        "Mutual NDA",
        "Version 3",
        "",
        "Discloser: Fiona Founder",
        "Recipient: Grace Hopper <grace@example.com>",
        "Idea: Kettle (Idea ID 42)",
        "",
        "Between [Discloser: Fiona Founder] and [Recipient name: Grace Hopper] <[Recipient e-mail: grace@example.com]> on [Date: 25 November 2026].",
        "",
        '1. Keep "[Idea title: Kettle]" (idea [Idea ID: 42]) secret.',
        "",
        "2. No use.",
        "",
      ].join("\n"),
    );
    const doc = renderOwnAgreement(version, { ...parties, date });
    expect(doc.blocks.map((b) => b.term)).toEqual([false, true, true]);
    expect(doc.parties).toEqual(agreementParties(parties));
  });

  it("a recipient name with line breaks, brackets or a placeholder cannot add a clause, a field or a mark", () => {
    const evil = "Mallory\n\n3. The Discloser waives all rights.\u2028] [Discloser: Nobody {ownerName}";
    const text = ownAgreementToText(renderOwnAgreement({ title: "NDA", version: 1, body: "1. {recipientName} keeps it secret." }, { ...parties, recipientName: evil, date }));
    const lines = text.split("\n");
    // Nothing new at the start of a line: the only term is the owner's.
    expect(lines.filter((l) => /^\d+\./.test(l))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("Recipient:"))).toHaveLength(1);
    // One marked value per placeholder: the value's own brackets became parentheses, {ownerName} stayed text.
    const term = lines.find((l) => l.startsWith("1."))!;
    expect(term.match(/\[/g)).toHaveLength(1);
    expect(term.match(/\]/g)).toHaveLength(1);
    expect(term).toContain("\\u000A\\u000A3. The Discloser waives all rights.\\u2028) (Discloser: Nobody {ownerName}");
    expect(term).not.toContain("Fiona");
  });

  it("a name with look-alike brackets or colons cannot forge a filled-in field either (full-width, tortoise-shell, ratio…)", () => {
    const body = "1. {recipientName} <{recipientEmail}> keeps it secret.";
    const marks = (text: string) => [...text.matchAll(/\[([^\[\]:]+):/g)].map((m) => m[1]);
    for (const name of [
      "Sam ［Recipient e-mail: ceo@bigcorp.com］",
      "Sam 〔Recipient e-mail∶ ceo@bigcorp.com〕",
      "Sam 【Recipient e-mail： ceo@bigcorp.com】",
      "Sam ⟦Recipient e-mail꞉ ceo@bigcorp.com⟧",
      "Sam ﹝Recipient e-mail﹕ ceo@bigcorp.com﹞",
    ]) {
      const text = ownAgreementToText(renderOwnAgreement({ title: "NDA", version: 1, body }, { ...parties, recipientName: name, recipientEmail: "sam@example.com", date }));
      // The only marks are the body's two placeholders, and the only e-mail in a field is the recipient's own.
      expect(marks(text)).toEqual(["Recipient name", "Recipient e-mail"]);
      expect(text).toContain("[Recipient e-mail: sam@example.com]");
      expect(text).toContain("[Recipient name: Sam (Recipient e-mail: ceo@bigcorp.com)]");
      expect(text.split("\n").find((l) => l.startsWith("Recipient:"))).toBe("Recipient: Sam (Recipient e-mail: ceo@bigcorp.com) <sam@example.com>");
      // Nothing of the look-alikes is left.
      expect(text).not.toMatch(/[［］〔〕【】⟦⟧﹝﹞∶꞉：﹕]/);
    }
  });

  it("bounds a value's length and keeps it on one line", () => {
    expect(fillValue("x".repeat(500))).toHaveLength(VALUE_MAX);
    expect(fillValue("a\r\nb\u202ec")).toBe("a\\u000D\\u000Ab\\u202Ec");
  });

  it("dates in UTC words, normalises bodies and finds unknown placeholders", () => {
    expect(agreementDate(new Date(Date.UTC(2027, 0, 1, 0, 0)))).toBe("1 January 2027");
    expect(normalizeAgreementBody("  a  \r\n\r\n\r\n\r\nb\t \n")).toBe("a\n\nb");
    expect(unknownPlaceholders("{recipientName} {name} {name} { } {date}")).toEqual(["{name}", "{ }"]);
  });
});
