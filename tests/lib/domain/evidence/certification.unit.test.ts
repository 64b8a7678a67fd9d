import { certificationTemplate } from "@/lib/domain/evidence/certification";

describe("certification template", () => {
  it("names the pack by its manifest's digest and leaves the declarant's parts blank", () => {
    const text = certificationTemplate({
      packId: "pack_1",
      subject: { kind: "Idea", id: 42, title: "Analytical\nengine" },
      createdAt: new Date("2026-11-27T08:00:00.000Z"),
      manifestSha256: "ab".repeat(32),
      fileCount: 17,
    });
    expect(text).toContain(`SHA-256 of manifest.json:  ${"ab".repeat(32)}`);
    expect(text).toContain("Idea:                      42 (Analytical engine)");
    expect(text).toContain("902(11) and 902(14)");
    expect(text).toContain("Files listed in manifest:  17");
    expect(text).toMatch(/under penalty of perjury/);
    expect(text).toMatch(/Signature: _+/);
    expect(text).toMatch(/not legal advice/);
    expect(text).toContain("event log (log/log.jsonl)");
  });

  it("names a room's pack by the room, with a log per idea", () => {
    const text = certificationTemplate({
      packId: "pack_2",
      subject: { kind: "Room", id: "room_1", title: "Series A" },
      createdAt: new Date("2026-11-27T08:00:00.000Z"),
      manifestSha256: "cd".repeat(32),
      fileCount: 9,
    });
    expect(text).toContain("Room:                      room_1 (Series A)");
    expect(text).toContain("event logs (log/ID/log.jsonl, one per idea)");
    expect(text).not.toContain("Idea:");
  });
});
