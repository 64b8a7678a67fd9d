import { canonicalize, CanonicalJsonError } from "@/lib/domain/evidence-log/canonical-json";

/** RFC 8785's own examples: section 3.2.2 (the sample input), 3.2.3 (sorting) and appendix B (numbers). */
describe("RFC 8785 canonical JSON", () => {
  it("serialises the RFC's sample input (section 3.2.2) byte for byte", () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], ' +
        '"string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts members by UTF-16 code units (section 3.2.3)", () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", ' +
        '"\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control", "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    // Read from the text itself: JSON.parse would put the integer-like key "1" first whatever the order.
    const order = [...canonicalize(input).matchAll(/"([^"]*)":"[^"]*"/g)].map((m) => m[1]);
    expect(order).toEqual(["\\r", "1", "\u0080", "ö", "€", "😀", "דּ"]);
  });

  // Appendix B: IEEE 754 bit patterns and their canonical text.
  const NUMBERS: [string, string][] = [
    ["0000000000000000", "0"],
    ["8000000000000000", "0"],
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ];
  it.each(NUMBERS)("writes the double 0x%s as %s (appendix B)", (bits, text) => {
    expect(canonicalize(Buffer.from(bits, "hex").readDoubleBE(0))).toBe(text);
  });

  it.each(["7fffffffffffffff", "7ff0000000000000"])("refuses 0x%s (NaN, Infinity: not JSON)", (bits) => {
    expect(() => canonicalize(Buffer.from(bits, "hex").readDoubleBE(0))).toThrow(CanonicalJsonError);
  });

  it("nests, leaves out undefined members, writes no whitespace", () => {
    expect(canonicalize({ b: [1, { d: "x", c: undefined, a: null }], a: true })).toBe('{"a":true,"b":[1,{"a":null,"d":"x"}]}');
  });

  it("refuses a lone surrogate and what JSON cannot hold", () => {
    expect(() => canonicalize({ s: "\ud800" })).toThrow(CanonicalJsonError);
    expect(() => canonicalize({ [String.fromCharCode(0xdc00)]: 1 })).toThrow(CanonicalJsonError);
    expect(() => canonicalize(BigInt(1))).toThrow(CanonicalJsonError);
    expect(canonicalize("😀")).toBe('"😀"');
  });
});
