import { registerSchema, registerFormSchema, profileSchema } from "@/lib/domain/validation/auth";
import { ideaInputSchema, ideaTitleSchema } from "@/lib/domain/validation/ideas";
import { createRecipientSchema, recipientFormSchema } from "@/lib/domain/validation/sharing";
import { waitlistSchema } from "@/lib/domain/validation/waitlist";
import { toSingleLine } from "@/lib/domain/validation/text";

/** Single-line fields refuse line breaks, control characters and bidirectional overrides. */
const BAD = ["Bob\nSmith", "Bob\r\n10. Void.", "Bob\tSmith", "Bo\u0085b", "Bob\u2028Smith", "\u202eevil\u202c Bob", "Bob \u2066x\u2069", "Bob\u202a"];

const cases: { field: string; message: string; parse: (v: string) => unknown }[] = [
  { field: "recipient name", message: "Name cannot contain line breaks or control characters.", parse: (name) => createRecipientSchema.parse({ name, email: "a@example.com", accessToken: "t" }) },
  { field: "recipient form name", message: "Name cannot contain line breaks or control characters.", parse: (name) => recipientFormSchema.parse({ name, email: "a@example.com" }) },
  { field: "recipient phone", message: "Phone number cannot contain line breaks or control characters.", parse: (phone) => recipientFormSchema.parse({ name: "Alice", email: "a@example.com", phone: `+1 555 ${phone} 0100` }) },
  { field: "registration name", message: "Name cannot contain line breaks or control characters.", parse: (name) => registerSchema.parse({ name, email: "a@example.com", password: "secret1" }) },
  { field: "registration form name", message: "Name cannot contain line breaks or control characters.", parse: (name) => registerFormSchema.parse({ name, email: "a@example.com", password: "secret1", confirmPassword: "secret1" }) },
  { field: "profile name", message: "Name cannot contain line breaks or control characters.", parse: (name) => profileSchema.parse({ name }) },
  { field: "waitlist name", message: "Name cannot contain line breaks or control characters.", parse: (name) => waitlistSchema.parse({ name, email: "a@example.com" }) },
  { field: "waitlist profession", message: "Profession cannot contain line breaks or control characters.", parse: (profession) => waitlistSchema.parse({ name: "Alice", email: "a@example.com", profession }) },
  { field: "idea title", message: "Title cannot contain line breaks or control characters.", parse: (title) => ideaInputSchema.parse({ title }) },
];

describe("single-line fields", () => {
  for (const { field, message, parse } of cases) {
    test(`${field}: refuses every breaking character with one clear message`, () => {
      for (const bad of BAD) {
        const value = field === "recipient phone" ? bad.replace(/[^\s\u0000-\u001f\u0085\u2028\u202a-\u202e\u2066-\u2069]/g, "") : bad;
        let error: unknown;
        try {
          parse(value);
        } catch (err) {
          error = err;
        }
        expect(error).toBeDefined();
        expect((error as { issues: { message: string }[] }).issues[0].message).toBe(message);
      }
    });
  }

  test("ordinary names, titles and phones still pass (accents, apostrophes, right-to-left scripts)", () => {
    for (const name of ["Zoë O'Brien-Łukasz", "محمد علي", "李小龍", "Ana María"]) {
      expect(createRecipientSchema.parse({ name, email: "a@example.com", accessToken: "t" }).name).toBe(name);
      expect(registerSchema.parse({ name, email: "a@example.com", password: "secret1" }).name).toBe(name);
      expect(waitlistSchema.parse({ name, email: "a@example.com" }).name).toBe(name);
    }
    expect(ideaTitleSchema.parse("  Solar Kettle: v2 ")).toBe("Solar Kettle: v2");
    expect(recipientFormSchema.parse({ name: "Alice", email: "a@example.com", phone: "+1 (555) 010-2000" }).phone).toBe("+1 (555) 010-2000");
  });

  test("NUL and the like keep the shared unsafe-text message; a line break at either end is trimmed away, as any whitespace", () => {
    expect(() => recipientFormSchema.parse({ name: "Bo\u0000b", email: "a@example.com" })).toThrow("Text contains characters that are not allowed");
    expect(() => registerSchema.parse({ name: "Bo\u0000b", email: "a@example.com", password: "secret1" })).toThrow("Text contains characters that are not allowed");
    expect(recipientFormSchema.parse({ name: "Alice Smith\n", email: "a@example.com" }).name).toBe("Alice Smith");
    expect(ideaTitleSchema.parse("\r\nEngine\n")).toBe("Engine");
  });

  test("toSingleLine makes a stored value printable on one visible line", () => {
    expect(toSingleLine("Bob\n10. Void.")).toBe("Bob\\u000A10. Void.");
    expect(toSingleLine("\u202eevil\u202c Bob")).toBe("\\u202Eevil\\u202C Bob");
    expect(toSingleLine("Zoë")).toBe("Zoë");
  });
});
