import { db } from "@/lib/platform/db";
import { revokeShare } from "@/lib/domain/shares";
import { listSharedWithMe } from "@/lib/domain/shares/shared-with-me";
import { createDraft, createShare, createUser } from "../../../factories";

describe("listSharedWithMe", () => {
  it("lists the live e-mail shares addressed to the account, newest first, with title, sharer and date", async () => {
    const me = await createUser({ name: "Bob Builder", email: "bob@example.com", emailVerified: true });
    const ada = await createUser({ name: "Ada Lovelace" });
    const grace = await createUser({ name: "Grace Hopper" });
    const kettle = await createDraft(ada.id, { title: "Solar Kettle" });
    const compiler = await createDraft(grace.id, { title: "Compiler" });
    const older = await createShare(ada.id, kettle.id, { shareType: "email", recipientEmail: "bob@example.com" });
    // Addressed in another case: stored lower-case, so it is still Bob's.
    const newer = await createShare(grace.id, compiler.id, { shareType: "email", recipientEmail: "Bob@Example.COM" });
    await db.share.update({ where: { id: older.id }, data: { createdAt: new Date(Date.now() - 60_000) } });

    const list = await listSharedWithMe(me.id);
    expect(list).toEqual([
      { shareId: newer.id, ideaId: compiler.id, title: "Compiler", sharerName: "Grace Hopper", sharedAt: newer.createdAt, accessLink: newer.accessLink },
      { shareId: older.id, ideaId: kettle.id, title: "Solar Kettle", sharerName: "Ada Lovelace", sharedAt: expect.any(Date), accessLink: older.accessLink },
    ]);
  });

  it("names a sender with a brand by its display name", async () => {
    const me = await createUser({ email: "bob@example.com", emailVerified: true });
    const ada = await createUser({ name: "Ada Lovelace" });
    await db.user.update({ where: { id: ada.id }, data: { brandName: "Acme Labs" } });
    const kettle = await createDraft(ada.id, { title: "Solar Kettle" });
    await createShare(ada.id, kettle.id, { shareType: "email", recipientEmail: "bob@example.com" });
    expect((await listSharedWithMe(me.id)).map((s) => s.sharerName)).toEqual(["Acme Labs"]);
  });

  it("leaves out other addresses, other share types, revoked, expired and used-up shares, and the account's own", async () => {
    const me = await createUser({ email: "bob@example.com", emailVerified: true });
    const ada = await createUser();
    const idea = await createDraft(ada.id);
    const mine = await createDraft(me.id);
    const live = await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bob@example.com" });
    await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bobby@example.com" });
    await createShare(ada.id, idea.id, { shareType: "full-access" });
    const revoked = await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bob@example.com" });
    await revokeShare(ada.id, revoked.id);
    const expired = await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bob@example.com" });
    await db.share.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const usedUp = await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bob@example.com" });
    await db.share.update({ where: { id: usedUp.id }, data: { maxViews: 1, viewCount: 1 } });
    // An e-mail share of my own idea to my own address is not "shared with me".
    await createShare(me.id, mine.id, { shareType: "email", recipientEmail: "bob@example.com" });

    expect((await listSharedWithMe(me.id)).map((s) => s.shareId)).toEqual([live.id]);
    // And nobody else sees Bob's share.
    expect(await listSharedWithMe(ada.id)).toEqual([]);
    expect(await listSharedWithMe((await createUser({ email: "carol@example.com", emailVerified: true })).id)).toEqual([]);
  });

  it("lists nothing for an account whose address is unverified: anyone can register any address", async () => {
    const squatter = await createUser({ email: "bob@example.com" });
    const ada = await createUser();
    const idea = await createDraft(ada.id, { title: "Solar Kettle" });
    const share = await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bob@example.com" });
    expect(await listSharedWithMe(squatter.id)).toEqual([]);
    await db.user.update({ where: { id: squatter.id }, data: { emailVerified: new Date() } });
    expect((await listSharedWithMe(squatter.id)).map((s) => s.shareId)).toEqual([share.id]);
  });

  it("is empty for an account nothing was shared with", async () => {
    const me = await createUser();
    expect(await listSharedWithMe(me.id)).toEqual([]);
  });
});
