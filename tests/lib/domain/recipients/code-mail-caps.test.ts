import { db } from "@/lib/platform/db";
import { RateLimitError } from "@/lib/platform/http/errors";
import { CODE_GUESSES_CAPPED, CODE_MAILS_CAPPED } from "@/lib/domain/recipients/email-code";
import { listOutbox } from "@/lib/platform/email/outbox";
import { setEnv } from "../../../db-utils";
import { createDraft, createShare, createUser } from "../../../factories";
import { identifyRoute as createRecipient, sendCodeRoute, verifyCodeRoute } from "../../../recipient-routes";

// The code limits are the routes' (counted by their builder on the recipient row they find): called through them.
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

/** Identify calls on an e-mail link mailed a new code each time (90 mails to one address in 3 s). */
const INVITEE = "invitee@example.com";
const codeMails = async (to = INVITEE) => (await listOutbox()).filter((m) => m.to === to && m.subject === "Your IdeaVault verification code");
const codeIn = (mail: { text: string }) => mail.text.match(/\b(\d{6})\b/)![1];
const ip = (i: number) => ({ ip: `198.51.100.${i + 1}`, userAgent: "jest" });

async function emailShare(recipientEmail = INVITEE) {
  const owner = await createUser();
  const idea = await createDraft(owner.id);
  return createShare(owner.id, idea.id, { shareType: "email", recipientEmail });
}

describe("code mails to an invited address", () => {
  it("repeated identify calls from several IPs mail one code, which every new recipient can confirm with", async () => {
    const share = await emailShare();
    const recipients = [];
    for (let i = 0; i < 6; i++) recipients.push(await createRecipient(share, { client: ip(i % 3) }));
    const mails = await codeMails();
    expect(mails).toHaveLength(1);
    // The sixth recipient (another browser, another IP) confirms with the code already mailed.
    const last = recipients.at(-1)!;
    await expect(verifyCodeRoute(last.id, codeIn(mails[0]), { secrets: last.secrets, client: ip(4) })).resolves.toMatchObject({ emailVerified: true });
    // So does the first, with the same code, while it is valid.
    await expect(verifyCodeRoute(recipients[0].id, codeIn(mails[0]), { secrets: recipients[0].secrets, client: ip(0) })).resolves.toMatchObject({ emailVerified: true });
  });

  it("6 parallel identify calls from 3 IPs mail at most 5 codes (one when they see each other's)", async () => {
    const share = await emailShare();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createRecipient(share, { client: ip(i % 3) }).then(() => 201, (e: { status: number }) => e.status)),
    );
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    expect((await codeMails()).length).toBeGreaterThanOrEqual(1);
    expect((await codeMails()).length).toBeLessThanOrEqual(5);
  });

  it("identify calls mail at most 5 codes an hour to one address, even when each code is spent", async () => {
    const share = await emailShare();
    // Each round kills the live code (5 wrong attempts), so the next identify call would need a new one.
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      await db.recipient.updateMany({ data: { codeAttempts: 5 } });
      statuses.push(await createRecipient(share, { client: ip(round % 3) }).then(() => 201, (e: { status: number }) => e.status));
    }
    expect(await codeMails()).toHaveLength(5);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    await expect(createRecipient(share)).rejects.toMatchObject({ status: 429, message: CODE_MAILS_CAPPED });
  });

  it("the cap holds across links and across resends: 5 code mails an hour per address", async () => {
    const shares = [await emailShare(), await emailShare(), await emailShare()];
    const first = await createRecipient(shares[0]);
    await createRecipient(shares[1]);
    await createRecipient(shares[2]);
    expect(await codeMails()).toHaveLength(3);
    const backdate = () => db.recipient.updateMany({ data: { codeSentAt: new Date(Date.now() - 31_000) } });
    await backdate();
    await sendCodeRoute(first.id, { secrets: first.secrets, client: ip(1) });
    await backdate();
    await sendCodeRoute(first.id, { secrets: first.secrets, client: ip(2) });
    await backdate();
    const refused = await sendCodeRoute(first.id, { secrets: first.secrets, client: ip(3) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ status: 429, message: CODE_MAILS_CAPPED });
    expect((refused as RateLimitError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await codeMails()).toHaveLength(5);
    // Another address is not affected.
    await createRecipient(await emailShare("other@example.com"));
    expect(await codeMails("other@example.com")).toHaveLength(1);
  });

  it("a resend gives every unverified recipient of the link and address the new code; the old one dies", async () => {
    const share = await emailShare();
    const a = await createRecipient(share);
    const b = await createRecipient(share);
    const old = codeIn((await codeMails())[0]);
    await db.recipient.updateMany({ data: { codeSentAt: new Date(Date.now() - 31_000) } });
    await sendCodeRoute(a.id, { secrets: a.secrets, client: ip(0) });
    const fresh = codeIn((await codeMails())[0]);
    if (fresh !== old) await expect(verifyCodeRoute(b.id, old, { secrets: b.secrets, client: ip(1) })).rejects.toMatchObject({ status: 400 });
    await expect(verifyCodeRoute(b.id, fresh, { secrets: b.secrets, client: ip(1) })).resolves.toMatchObject({ emailVerified: true });
  });
});

describe("code guesses per link and per address", () => {
  it("new recipients from new IPs bring no fresh guesses: the link's and the address's caps answer 429", async () => {
    setEnv({ RATE_LIMIT_SCALE: "0.1" }); // per link and per address 30/hour → 3; per recipient 20 → 2; per IP 60 → 6
    const share = await emailShare();
    const statuses: number[] = [];
    let right = "";
    for (let i = 0; i < 5; i++) {
      const r = await createRecipient(share, { client: ip(i) });
      right ||= codeIn((await codeMails())[0]);
      const wrong = right === "000000" ? "000001" : "000000";
      statuses.push(await verifyCodeRoute(r.id, wrong, { secrets: r.secrets, client: ip(i) }).then(() => 200, (e: { status: number }) => e.status));
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // Even the right code is refused now, with a message that says why.
    const late = await createRecipient(share, { client: ip(9) });
    await expect(verifyCodeRoute(late.id, right, { secrets: late.secrets, client: ip(9) })).rejects.toMatchObject({ status: 429, message: CODE_GUESSES_CAPPED });
    expect(await db.recipient.count({ where: { emailVerifiedAt: { not: null } } })).toBe(0);
  });
});
