import { db } from "@/lib/platform/db";
import { ACTIVITY_CSV_HEADER, activityCsv } from "@/lib/domain/activity";
import { activitySummary } from "@/lib/domain/activity/summary";
import { ENGAGEMENT_SLACK_MS } from "@/lib/domain/engagement";
import { recordEngagement } from "@/lib/features/engagement/report";
import { listShareRecipients } from "@/lib/domain/shares/recipient-evidence";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { recipientReading } from "@/components/share/reading";
import type { ShareRecipient as ClientRecipient } from "@/client/types";
import { TEST_CLIENT, agreedRecipient, createPublished, createShare, createUser } from "../../../factories";
import { parseCsv } from "../../../csv";

/**
 * Reading time is clipped per PERSON (one address on the idea, whatever the link), not only per view: six parallel
 * sessions under one address on one link once showed 96 s of reading after 10.7 s of wall-clock time, each view's
 * figure honest on its own and their sum not. Wall-clock time is simulated by moving the views' starts into the past.
 */

const THREE_SECTIONS = "<h1>Title</h1><h2>Problem</h2><p>a</p><h2>Solution</h2><p>b</p><h2>Market</h2><p>c</p>";


async function link() {
  const owner = await createUser();
  const idea = await createPublished(owner.id, { content: THREE_SECTIONS });
  const share = await createShare(owner.id, idea.id);
  return { owner, idea, share };
}

/** `email` identifies on the link again (a visit of its own: another browser or tab), agrees and opens the idea. */
async function visit(share: Awaited<ReturnType<typeof createShare>>, email: string) {
  const recipient = await agreedRecipient(share, { email });
  await getSharedIdea(share.accessLink, recipient.secrets, TEST_CLIENT);
  const view = await db.viewEvent.findFirstOrThrow({ where: { recipientId: recipient.id } });
  return { recipient, view };
}

/** Moves a view's start back: it began `seconds` ago and has not reported since. */
async function startedAgo(viewId: string, seconds: number) {
  const viewedAt = new Date(Date.now() - seconds * 1000);
  await db.viewEvent.update({ where: { id: viewId }, data: { viewedAt, lastEngagementAt: null } });
  return viewedAt;
}

const report = (token: string, secrets: readonly string[], ms: number) =>
  recordEngagement(token, secrets, { pages: [{ n: 1, ms: Math.round(ms * 0.6) }, { n: 2, ms: ms - Math.round(ms * 0.6) }] });

/** Every figure the owner sees that adds up one address's reading on the link, in milliseconds. */
async function personFigures(ownerId: string, ideaId: number, shareId: string, email: string) {
  const { summary, people } = await activitySummary(ideaId);
  const person = people.find((p) => p.email === email)!;
  const recipient = (await listShareRecipients(ownerId, shareId)).find((r) => r.email === email)!;
  // The share screen's 'Reading time' and its chart (components/share/reading.ts, over the API's JSON).
  const reading = recipientReading(JSON.parse(JSON.stringify(recipient)) as ClientRecipient);
  const { csv } = await activityCsv(ownerId, ideaId);
  const [header, ...rows] = parseCsv(csv);
  const emailColumn = header.indexOf("Recipient e-mail");
  const readingColumn = header.indexOf(ACTIVITY_CSV_HEADER[9]);
  const csvSeconds = rows.filter((r) => r[emailColumn] === email && r[readingColumn] !== "").reduce((sum, r) => sum + Number(r[readingColumn]), 0);
  const sums = {
    summaryMs: summary.readingSeconds * 1000,
    peopleMs: person.readingSeconds * 1000,
    viewsMs: recipient.views.reduce((sum, v) => sum + v.engagement.totalMs, 0),
    readingMs: reading.totalMs,
    chartMs: reading.pages.reduce((sum, p) => sum + p.ms, 0),
    csvMs: csvSeconds * 1000,
  };
  return { visits: recipient.visits, viewsMs: sums.viewsMs, sums };
}

describe("reading time per person", () => {
  it("six parallel sessions under one address add up to no more than the wall-clock time plus the slack", async () => {
    const { owner, idea, share } = await link();
    const email = "ada@example.com";
    const sessions = [];
    for (let i = 0; i < 6; i++) sessions.push(await visit(share, email));
    // All six opened a minute ago and read in parallel since: each claims the whole minute, twice over.
    const SECONDS = 60;
    let start = Infinity;
    for (const s of sessions) start = Math.min(start, (await startedAgo(s.view.id, SECONDS)).getTime());
    await Promise.all(sessions.map((s) => report(share.accessLink, s.recipient.secrets, SECONDS * 1000)));
    await Promise.all(sessions.map((s) => report(share.accessLink, s.recipient.secrets, SECONDS * 1000)));
    const wallClockMs = Date.now() - start;

    const figures = await personFigures(owner.id, idea.id, share.id, email);
    expect(figures.visits).toBe(6);
    // The reading itself is counted: one minute of it.
    expect(figures.viewsMs).toBeGreaterThanOrEqual(SECONDS * 1000);
    // Not six (or twelve) minutes: every sum is within the wall-clock time plus the slack (figures rounded to
    // whole seconds, or to tenths per CSV row, may add up to half a second).
    const bound = wallClockMs + ENGAGEMENT_SLACK_MS + 500;
    const overBound = Object.entries(figures.sums).filter(([, ms]) => ms > bound);
    expect({ bound, overBound }).toEqual({ bound, overBound: [] });
    // The stored figures are the honest ones; the per-person sums are theirs.
    expect(figures.sums.readingMs).toBe(figures.viewsMs);
    expect(figures.sums.chartMs).toBe(figures.viewsMs);
  });

  it("clips each person against their own time only: another address reading at the same time keeps all of it", async () => {
    const { owner, idea, share } = await link();
    const ada = [await visit(share, "ada@example.com"), await visit(share, "ada@example.com")];
    const bob = await visit(share, "bob@example.com");
    for (const s of [...ada, bob]) await startedAgo(s.view.id, 30);
    await Promise.all([...ada, bob].map((s) => report(share.accessLink, s.recipient.secrets, 30_000)));
    const bobs = await personFigures(owner.id, idea.id, share.id, "bob@example.com");
    expect(bobs.viewsMs).toBe(30_000);
    const adas = await personFigures(owner.id, idea.id, share.id, "ada@example.com");
    expect(adas.viewsMs).toBeGreaterThanOrEqual(30_000);
    expect(adas.viewsMs).toBeLessThan(60_000);
  });

  it("clips one address reading two links of the idea at once together (the timeline's people add links up)", async () => {
    const { owner, idea, share } = await link();
    const second = await createShare(owner.id, idea.id);
    const views = [await visit(share, "ada@example.com"), await visit(second, "ada@example.com")];
    let start = Infinity;
    for (const s of views) start = Math.min(start, (await startedAgo(s.view.id, 30)).getTime());
    await Promise.all([report(share.accessLink, views[0].recipient.secrets, 30_000), report(second.accessLink, views[1].recipient.secrets, 30_000)]);
    const wallClockMs = Date.now() - start;
    const { people } = await activitySummary(idea.id);
    expect(people).toHaveLength(1);
    expect(people[0].readingSeconds * 1000).toBeGreaterThanOrEqual(30_000);
    expect(people[0].readingSeconds * 1000).toBeLessThanOrEqual(wallClockMs + ENGAGEMENT_SLACK_MS + 500);
  });

  it("counts visits one after the other whole", async () => {
    const { owner, idea, share } = await link();
    const first = await visit(share, "ada@example.com");
    await startedAgo(first.view.id, 120);
    expect(await report(share.accessLink, first.recipient.secrets, 50_000)).toBe(50_000);
    // A later visit (another browser), opened 40 s ago, well after the first one's reading was counted.
    const second = await visit(share, "ada@example.com");
    await startedAgo(second.view.id, 40);
    expect(await report(share.accessLink, second.recipient.secrets, 35_000)).toBe(35_000);
    expect((await personFigures(owner.id, idea.id, share.id, "ada@example.com")).viewsMs).toBe(85_000);
  });
});
