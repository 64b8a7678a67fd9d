import { db } from "@/lib/platform/db";
import { NotFoundError } from "@/lib/platform/http/errors";
import { ACTIVITY_CSV_HEADER, activityCsv, listActivity } from "@/lib/domain/activity";
import { addComment } from "@/lib/domain/comments";
import { addOwnerReply } from "@/lib/domain/comments/replies";
import { revokeShare } from "@/lib/domain/shares";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { recordQueries } from "../../../query-count";
import { agreedRecipient, createDraft, createRecipient, createShare, createUser } from "../../../factories";
import { parseCsv } from "../../../csv";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";


/** A full journey on an e-mail link, step by step (steps at the same millisecond keep the journey's order). */
async function journey() {
  const owner = await createUser({ name: "Ada Owner" });
  const idea = await createDraft(owner.id);
  const share = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "grace@example.com" });
  const r = await createRecipient(share, { name: "Grace Hopper", client: { ip: "203.0.113.9", userAgent: CHROME } });
  await db.recipient.update({ where: { id: r.id }, data: { emailVerifiedAt: new Date(), codeHash: null } });
  await acceptNda(r.id, r.secrets, { ip: "203.0.113.9", userAgent: CHROME });
  await db.viewEvent.create({ data: { shareId: share.id, ideaId: idea.id, recipientId: r.id, ip: "203.0.113.9", userAgent: CHROME, engagementMs: 252_340 } });
  const comment = await addComment({ content: "=cmd|' /C calc'!A0, nice \"idea\"" }, r.secrets);
  await addOwnerReply(owner.id, comment.id, { content: "Thanks, Grace" });
  await revokeShare(owner.id, share.id);
  return { owner, idea, share, r };
}

describe("activity", () => {
  it("derives every kind of event, newest first, with who, which link, IP and device", async () => {
    const { owner, idea, share, r } = await journey();
    const { events, nextOffset } = await listActivity(owner.id, idea.id);
    expect(nextOffset).toBeNull();
    expect(events.map((e) => e.type)).toEqual([
      "link_revoked",
      "replied",
      "commented",
      "viewed",
      "nda_accepted",
      "code_verified",
      "recipient_identified",
      "link_created",
    ]);
    expect(events.map((e) => e.label)).toEqual([
      "Link revoked",
      "Replied",
      "Commented",
      "Viewed",
      "NDA accepted",
      "Code verified",
      "Recipient identified",
      "Link created",
    ]);
    for (let i = 1; i < events.length; i++) expect(events[i - 1].at.getTime()).toBeGreaterThanOrEqual(events[i].at.getTime());
    const link = { id: share.id, type: "email", label: "Full access (e-mail to grace@example.com)", createdAt: expect.any(Date) };
    for (const e of events) expect(e.link).toEqual(link);
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(byType.viewed).toMatchObject({ actor: "Grace Hopper", recipient: { id: r.id, name: "Grace Hopper", email: "grace@example.com" }, ip: "203.0.113.9", device: "Chrome 131 on Windows 10 (desktop)" });
    expect(byType.recipient_identified).toMatchObject({ ip: "203.0.113.9", device: "Chrome 131 on Windows 10 (desktop)" });
    expect(byType.nda_accepted.detail).toMatch(/^Agreement SHA-256 [0-9a-f]{64}$/);
    expect(byType.replied).toMatchObject({ actor: "Ada Owner", detail: "Thanks, Grace", recipient: { id: r.id } });
    expect(byType.link_created).toMatchObject({ actor: "Ada Owner", recipient: null });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("pages the timeline; the pages together are the whole list", async () => {
    const { owner, idea } = await journey();
    const all = (await listActivity(owner.id, idea.id, { limit: 200 })).events;
    const first = await listActivity(owner.id, idea.id, { limit: 3 });
    expect(first.events.map((e) => e.id)).toEqual(all.slice(0, 3).map((e) => e.id));
    expect(first.nextOffset).toBe(3);
    const second = await listActivity(owner.id, idea.id, { offset: 3, limit: 3 });
    const third = await listActivity(owner.id, idea.id, { offset: 6, limit: 3 });
    expect([...second.events, ...third.events].map((e) => e.id)).toEqual(all.slice(3).map((e) => e.id));
    expect(third.nextOffset).toBeNull();
  });

  it("is the owner's alone: another creator's idea and a bad id are 404s", async () => {
    const { idea } = await journey();
    const stranger = await createUser();
    await expect(listActivity(stranger.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(activityCsv(stranger.id, idea.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listActivity(stranger.id, "abc")).rejects.toMatchObject({ status: 404 });
  });

  it("exports every event as CSV: header row, RFC 4180 quoting, formulas neutralised", async () => {
    const { owner, idea, share } = await journey();
    const { fileName, csv } = await activityCsv(owner.id, idea.id);
    expect(fileName).toMatch(new RegExp(`^idea-${idea.id}-activity-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(csv.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...ACTIVITY_CSV_HEADER]);
    expect(rows).toHaveLength(1 + 8);
    expect(rows.every((row) => row.length === ACTIVITY_CSV_HEADER.length)).toBe(true);
    const commented = rows.find((row) => row[1] === "Commented")!;
    expect(commented[8]).toBe("'=cmd|' /C calc'!A0, nice \"idea\"");
    expect(commented[4]).toBe("Grace Hopper");
    expect(commented[3]).toBe(share.id);
    const viewed = rows.find((row) => row[1] === "Viewed")!;
    expect(viewed.slice(5, 8)).toEqual(["grace@example.com", "203.0.113.9", "Chrome 131 on Windows 10 (desktop)"]);
    // The view's reading time in seconds; no other event has one.
    expect(ACTIVITY_CSV_HEADER[9]).toBe("Reading time (s)");
    expect(viewed[9]).toBe("252.3");
    expect(rows.slice(1).filter((row) => row !== viewed).every((row) => row[9] === "")).toBe(true);
    expect(new Date(rows[1][0]).toISOString()).toBe(rows[1][0]);
    expect(rows[1][1]).toBe("Link revoked");
  });

  it("sends the same number of queries whatever the volume", async () => {
    const owner = await createUser();
    const idea = await createDraft(owner.id);
    const share = await createShare(owner.id, idea.id);
    await agreedRecipient(share);
    const few = await recordQueries(() => listActivity(owner.id, idea.id));
    const fewCsv = await recordQueries(() => activityCsv(owner.id, idea.id));

    const ids = [];
    for (let i = 0; i < 20; i++) ids.push((await createRecipient(share, { name: `Person ${i}` })).id);
    await db.viewEvent.createMany({ data: ids.flatMap((id) => Array.from({ length: 10 }, () => ({ shareId: share.id, ideaId: idea.id, recipientId: id, userAgent: CHROME }))) });
    const many = await recordQueries(() => listActivity(owner.id, idea.id));
    expect(many.result.events).toHaveLength(50);
    expect(many.result.nextOffset).toBe(50);
    expect(many.queries.length).toBe(few.queries.length);
    const csv = await recordQueries(() => activityCsv(owner.id, idea.id));
    expect(csv.queries.length).toBe(fewCsv.queries.length);
  });
});
