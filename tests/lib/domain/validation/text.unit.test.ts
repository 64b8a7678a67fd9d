import { ideaTitleSchema, ideaInputSchema } from "@/lib/domain/validation/ideas";
import { registerSchema, profileSchema } from "@/lib/domain/validation/auth";
import { waitlistSchema } from "@/lib/domain/validation/waitlist";
import { recipientFormSchema, commentSchema } from "@/lib/domain/validation/sharing";
import { UNSAFE_TEXT_MESSAGE, isBlankText, isSafeText, isSingleLineText, stripUnsafeText } from "@/lib/domain/validation/text";

const UNSAFE = ["a\u0000b", "\ud800", "x\udc00y", "bell\u0007", "esc\u001b[31m", "del\u007f"];
const SAFE = ["plain", "tab\tand\nnewline", "emoji 😀 pair", "Résumé 履歴書", "\u00a0nbsp"];

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0].message;
}

describe("one rule for unsafe text", () => {
  it("isSafeText refuses NUL, other C0 controls and lone surrogates, and keeps real text", () => {
    for (const v of UNSAFE) expect(isSafeText(v)).toBe(false);
    for (const v of SAFE) expect(isSafeText(v)).toBe(true);
    expect(stripUnsafeText("a\u0000b\ud800c")).toBe("abc");
  });

  it.each(UNSAFE)("every free-text field refuses %j with the same message", (bad) => {
    const name = `Ada ${bad} Lovelace`;
    const cases = [
      ideaTitleSchema.safeParse(`Idea ${bad}`),
      ideaInputSchema.safeParse({ title: "ok", content: { elements: [{ type: "text", x: 0, y: 0, text: bad }] } }),
      ideaInputSchema.safeParse({ title: "ok", content: { elements: [{ type: "text", x: 0, y: 0, fontFamily: bad }] } }),
      registerSchema.safeParse({ name, email: "a@example.com", password: "secret1" }),
      profileSchema.safeParse({ name }),
      waitlistSchema.safeParse({ name: "Ada", email: "a@example.com", profession: `Engineer ${bad}` }),
      waitlistSchema.safeParse({ name, email: "a@example.com" }),
      recipientFormSchema.safeParse({ name, email: "a@example.com" }),
      commentSchema.safeParse({ content: `Nice ${bad}` }),
    ];
    for (const result of cases) expect(firstMessage(result)).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it("the same fields accept ordinary international text (single-line ones without line breaks)", () => {
    for (const good of SAFE) {
      expect(ideaInputSchema.safeParse({ title: "ok", content: { elements: [{ type: "text", x: 0, y: 0, text: good }] } }).success).toBe(true);
      expect(ideaTitleSchema.safeParse(good).success).toBe(isSingleLineText(good));
      expect(profileSchema.safeParse({ name: `${good} Name` }).success).toBe(isSingleLineText(good));
    }
  });
});

describe("isBlankText: nothing visible", () => {
  it("is true for white space and invisible format characters alone, false once anything shows", () => {
    for (const v of ["", " \n\t", "\u200b", "\u200c\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e\u202a\u2066", "\u3164\u115f", "\u2800", "\ufe0f"]) {
      expect(isBlankText(v)).toBe(true);
    }
    for (const v of ["a", "\u200ba", ".", "😀", "履"]) expect(isBlankText(v)).toBe(false);
    expect(commentSchema.safeParse({ content: "\u200b\u200c\u200d\u2060\ufeff" }).error?.issues[0].message).toBe("Comment cannot be empty");
  });
});
