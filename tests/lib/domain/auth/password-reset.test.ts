import fs from "node:fs";
import path from "node:path";
import { requestPasswordReset, resetPassword, RESET_LINK_INVALID } from "@/lib/domain/auth/password-reset";
import { authenticate } from "@/lib/domain/auth/accounts";
import { listOutbox } from "@/lib/platform/email/outbox";
import { db } from "@/lib/platform/db";
import { getEnv } from "@/lib/platform/env";
import { createUser } from "../../../factories";

function tokenFrom(text: string) {
  const m = text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no reset link in: ${text}`);
  return m[1];
}

describe("password reset", () => {
  it("e-mails a single-use link to an existing account and stores only a hash", async () => {
    const user = await createUser({ email: "ada@example.com", password: "old-pass" });
    await requestPasswordReset("ADA@example.com", "http://localhost:3000");
    const [mail] = await listOutbox();
    expect(mail.to).toBe("ada@example.com");
    expect(mail.subject).toMatch(/reset/i);
    const token = tokenFrom(mail.text);
    const row = await db.accountToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    await resetPassword(token, "new-pass");
    expect(await authenticate("ada@example.com", "new-pass")).not.toBeNull();
    expect(await authenticate("ada@example.com", "old-pass")).toBeNull();
    await expect(resetPassword(token, "third-pass")).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
  });

  it("ends older sessions by bumping the session version", async () => {
    const user = await createUser();
    await requestPasswordReset(user.email, "http://localhost:3000");
    await resetPassword(tokenFrom((await listOutbox())[0].text), "new-pass");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion + 1);
  });

  it("proves the mailbox: unverified sign-in links are removed and the address counts as verified", async () => {
    const user = await createUser();
    await db.account.create({ data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: "someone-else" } });
    await requestPasswordReset(user.email, "http://localhost:3000");
    await resetPassword(tokenFrom((await listOutbox())[0].text), "new-pass");
    expect(await db.account.count()).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).not.toBeNull();
  });

  it("sends nothing for an unknown address", async () => {
    await requestPasswordReset("nobody@example.com", "http://localhost:3000");
    expect(fs.existsSync(path.join(getEnv().dataDir, "outbox"))).toBe(false);
    expect(await db.accountToken.count()).toBe(0);
  });

  it("refuses expired links and keeps only the newest link valid", async () => {
    const user = await createUser();
    await requestPasswordReset(user.email, "http://x");
    const first = tokenFrom((await listOutbox())[0].text);
    await requestPasswordReset(user.email, "http://x");
    // Two mails; the second is whichever is not the first (mails sent within one millisecond have no order).
    const tokens = (await listOutbox()).map((m) => tokenFrom(m.text));
    expect(tokens).toHaveLength(2);
    const others = tokens.filter((t) => t !== first);
    expect(others).toHaveLength(1);
    const second = others[0];
    await expect(resetPassword(first, "new-pass")).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });

    await db.accountToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(resetPassword(second, "new-pass")).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
    await expect(resetPassword("not-a-real-token-at-all", "new-pass")).rejects.toMatchObject({ status: 400, message: RESET_LINK_INVALID });
  });
});
