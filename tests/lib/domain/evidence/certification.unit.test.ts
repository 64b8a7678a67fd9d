import { certificationTemplate } from "@/lib/domain/evidence/certification";

describe("certification template", () => {
  it("names the pack by its manifest's digest and leaves the declarant's parts blank", () => {
    const text = certificationTemplate({
      packId: "pack_1",
      ideaId: 42,
      ideaTitle: "Analytical\nengine",
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
  });
});
