import { db } from "@/lib/platform/db";
import { RateLimitError } from "@/lib/platform/http/errors";
import { sendRecipientCode } from "@/lib/domain/recipients/email-code";
import { setEnv } from "../../../db-utils";
import { createDraft, createRecipient, createShare, createUser } from "../../../factories";

/** The gap between two code mails is RECIPIENT_CODE_RESEND_S (30 s by default; the e2e server shortens it). */
async function recipientWithCode() {
  const owner = await createUser();
  const idea = await createDraft(owner.id);
  const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "invitee@example.com" });
  return createRecipient(share); // identifying on an e-mail link mails the first code
}
const sentSecondsAgo = (id: string, seconds: number) => db.recipient.update({ where: { id }, data: { codeSentAt: new Date(Date.now() - seconds * 1000) } });
const refusal = async (r: Awaited<ReturnType<typeof recipientWithCode>>) => {
  const error = await sendRecipientCode(r.id, r.secrets).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RateLimitError);
  return error as RateLimitError;
};

describe("the code resend interval", () => {
  it("is 30 s by default: refused 25 s after the last code (Retry-After the rest), sent after 31 s", async () => {
    const r = await recipientWithCode();
    await sentSecondsAgo(r.id, 25);
    const { retryAfterSeconds } = await refusal(r);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(5);
    await sentSecondsAgo(r.id, 31);
    await expect(sendRecipientCode(r.id, r.secrets)).resolves.toEqual({ sent: true });
  });

  it("follows RECIPIENT_CODE_RESEND_S", async () => {
    setEnv({ RECIPIENT_CODE_RESEND_S: "5" });
    const r = await recipientWithCode();
    const { retryAfterSeconds } = await refusal(r);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(5);
    await sentSecondsAgo(r.id, 6);
    await expect(sendRecipientCode(r.id, r.secrets)).resolves.toEqual({ sent: true });
    // The next one waits the same 5 s, not 30.
    await sentSecondsAgo(r.id, 2);
    const next = await refusal(r);
    expect(next.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(next.retryAfterSeconds).toBeLessThanOrEqual(3);
  });
});
