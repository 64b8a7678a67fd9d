import { agreementToText, buildAgreement, buildDownloadAgreement, roomItemText } from "@/lib/domain/validation/agreement-text";
import { ownAgreementToText, renderOwnAgreement } from "@/lib/domain/validation/own-agreement";

/** The standard and own agreements' text for a room: every idea by title, version and SHA-256; an idea's text as before. */

const people = { sharerName: "Fiona Founder", recipientName: "Grace Hopper", recipientEmail: "grace@example.com" };
const sha = (c: string) => c.repeat(64);
const room = {
  id: "room1",
  name: "Seed [round]",
  items: [
    { ideaId: 7, title: "Deck", version: 2, sha256: sha("a") },
    { ideaId: 9, title: "Study\nline", version: 1, sha256: sha("b") },
  ],
};

describe("a room's agreement text", () => {
  it("lists each idea of the room in the parties, its values on one line, and speaks of the Ideas", () => {
    const agreement = buildAgreement({ ...people, room });
    expect(agreement.parties).toEqual([
      { label: "Discloser", value: "Fiona Founder" },
      { label: "Recipient", value: "Grace Hopper <grace@example.com>" },
      { label: "Room", value: "Seed (round)" },
      { label: "Idea 1", value: `Deck (Idea ID 7, version 2, SHA-256 ${sha("a")})` },
      { label: "Idea 2", value: `Study\\u000Aline (Idea ID 9, version 1, SHA-256 ${sha("b")})` },
    ]);
    const text = agreementToText(agreement);
    expect(text).toContain("concerning the Ideas identified above");
    expect(text).toContain("covers only the Ideas identified above and everything the Recipient learns about them through IdeaVault");
    expect(text).toContain("a cryptographic digest of this text and of each idea's content shown");
    expect(text).not.toMatch(/the Idea identified above/);
    expect(agreement.terms).toHaveLength(9);
    expect(buildDownloadAgreement({ ...people, room }).terms).toEqual(agreement.terms.slice(0, 8));
    expect(roomItemText({ ideaId: 1, title: "Old", version: null, sha256: sha("c") })).toBe(`Old (Idea ID 1, SHA-256 ${sha("c")})`);
  });

  it("an idea's agreement keeps its one Idea line and its wording", () => {
    const agreement = buildAgreement({ ...people, ideaId: 7, ideaTitle: "Deck" });
    expect(agreement.parties.at(-1)).toEqual({ label: "Idea", value: "Deck (Idea ID 7)" });
    const text = agreementToText(agreement);
    expect(text).toContain("concerning the Idea identified above");
    expect(text).toContain("of the idea content shown");
    expect(buildDownloadAgreement({ ...people, ideaId: 7, ideaTitle: "Deck" }).terms).toHaveLength(8);
  });

  it("an own agreement's {ideaTitle} is the room's name and {ideaId} its ideas' numbers", () => {
    const doc = renderOwnAgreement({ title: "Mutual NDA", version: 1, body: "1. Keep {ideaTitle} ({ideaId}) secret." }, { ...people, room, date: new Date("2026-11-27T08:00:00Z") });
    const text = ownAgreementToText(doc);
    expect(text).toContain("1. Keep [Idea title: Seed (round)] ([Idea ID: 7, 9]) secret.");
    expect(text).toContain(`Idea 2: Study\\u000Aline (Idea ID 9, version 1, SHA-256 ${sha("b")})`);
  });
});
