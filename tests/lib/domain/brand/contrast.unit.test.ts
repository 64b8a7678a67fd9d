import { contrastRatio, readableForeground, readableOnWhite, relativeLuminance } from "@/lib/domain/brand/contrast";

describe("the accent colour's text colour", () => {
  it("computes WCAG luminance and contrast", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it.each([
    // White on this blue would be 4.48:1, just under AA; black is 4.69:1.
    ["#1a73e8", "#000000"],
    ["#0b57d0", "#ffffff"],
    ["#000080", "#ffffff"],
    ["#ffeb3b", "#000000"],
    ["#ffffff", "#000000"],
    ["#777777", "#000000"],
    ["#5f5f5f", "#ffffff"],
  ])("on %s uses %s", (background, expected) => {
    expect(readableForeground(background)).toBe(expected);
  });

  it("always reaches 4.5:1 on any colour", () => {
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          expect(contrastRatio(hex, readableForeground(hex))).toBeGreaterThanOrEqual(4.5);
        }
  });
});

describe("the accent as text on the white page", () => {
  it("keeps an accent that already reaches 4.5:1 on white", () => {
    for (const dark of ["#0b57d0", "#000080", "#767676", "#000000", "#b00020"]) expect(readableOnWhite(dark)).toBe(dark);
    expect(readableOnWhite("#0B57D0")).toBe("#0b57d0");
  });

  it("darkens a light accent just until it reaches 4.5:1, keeping its hue", () => {
    const text = readableOnWhite("#ffe066");
    expect(text).not.toBe("#ffe066");
    expect(contrastRatio(text, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    // Only just: one step lighter would not pass.
    expect(contrastRatio(text, "#ffffff")).toBeLessThan(5.2);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
  });

  it("always reaches 4.5:1 on white, whatever the accent", () => {
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          const text = readableOnWhite(hex);
          expect(contrastRatio(text, "#ffffff")).toBeGreaterThanOrEqual(4.5);
          if (contrastRatio(hex, "#ffffff") >= 4.5) expect(text).toBe(hex);
        }
  });
});
