import { db } from "@/lib/platform/db";
import { errorToResponse } from "@/lib/platform/http/errors";
import { listOutbox } from "@/lib/platform/email/outbox";
import { linkLabel } from "@/lib/domain/notifications/queue";
import { updateShare } from "@/lib/domain/shares";
import { hashPasscode, PASSCODE_WRONG } from "@/lib/domain/recipients/passcode";
import { MESSAGES } from "@/lib/domain/validation/sharing";
import { createPublished, createShare, createUser } from "../../../factories";
import { passcodeRoute } from "../../../recipient-routes";

// Passcode tries are counted per address by the route, and per link by the link itself: called through the route.
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../../route-harness").recipientCookiesModuleMock());

// Dozens of bcrypt comparisons (and two link creations with a hash each) on a busy 2-core machine.
jest.setTimeout(90_000);

const PASSCODE = "Sequoia-2026";
const GUESSER = "Someone is guessing the passcode of";
const from = (ip: string) => ({ ip, userAgent: "guesser/1.0" });

/** The status the route would answer (lib/platform/http/errors.ts maps what the lib throws); 204 when nothing was thrown. */
async function answer(attempt: Promise<unknown>) {
  try {
    await attempt;
    return { status: 204, retryAfter: null, error: null };
  } catch (err) {
    const res = errorToResponse(err);
    return { status: res.status, retryAfter: res.headers.get("Retry-After"), error: ((await res.json()) as { error: string }).error };
  }
}

async function passcodeLink(passcode: string | null = PASSCODE) {
  const owner = await createUser({ name: "Ada Lovelace" });
  const idea = await createPublished(owner.id, { title: "Solar Kettle" });
  const share = await createShare(owner.id, idea.id, { passcode });
  return { owner, idea, share };
}

const guessingMails = async () => (await listOutbox()).filter((m) => m.subject.startsWith(GUESSER));

describe("the passcode ceiling per link, across all addresses", () => {
  it("30 wrong tries from many addresses, all at once, lock the link: every try is a 429, the right passcode too; the owner gets one mail", async () => {
    const { owner, share } = await passcodeLink();
    const other = await createShare(owner.id, (await createPublished(owner.id)).id, { passcode: PASSCODE });
    // Every switch on /profile off: a security alert goes all the same.
    await db.user.update({ where: { id: owner.id }, data: { notifyNdaAccepted: false, notifyFirstView: false, notifyComments: false } });

    // 40 guesses at the same moment, each from its own address (2 per address would stay far below the per-address
    // budget of 5): exactly 30 are judged, the rest refused.
    const raced = await Promise.all(
      Array.from({ length: 40 }, (_, i) => answer(passcodeRoute(share.accessLink, `guess-${i}`, { secrets: [], client: from(`198.51.100.${i + 1}`) }))),
    );
    expect(raced.filter((a) => a.status === 403 && a.error === PASSCODE_WRONG)).toHaveLength(30);
    const refused = raced.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    for (const a of refused) expect(Number(a.retryAfter)).toBeGreaterThan(0);

    // The right passcode from an address that never guessed: refused for the rest of the hour.
    const right = await answer(passcodeRoute(share.accessLink, PASSCODE, { secrets: [], client: from("192.0.2.200") }));
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(3000);
    expect(Number(right.retryAfter)).toBeLessThanOrEqual(3600);
    // More guesses after the lock send no second mail.
    for (let i = 0; i < 3; i++) expect((await answer(passcodeRoute(share.accessLink, `late-${i}`, { secrets: [], client: from(`203.0.113.${i + 1}`) }))).status).toBe(429);

    const mails = await guessingMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const label = linkLabel(await db.share.findUniqueOrThrow({ where: { id: share.id } }));
    expect(label).toMatch(/^your full-access link of \d{4}-\d{2}-\d{2}$/);
    expect(mail.to).toBe(owner.email);
    expect(mail.subject).toBe(`Someone is guessing the passcode of ${label}`);
    expect(mail.text).toContain(`Someone is guessing the passcode of ${label}.`);
    expect(mail.text).toContain('the idea "Solar Kettle"');
    expect(mail.text).not.toContain(PASSCODE);

    // The owner's other link is not touched.
    expect((await answer(passcodeRoute(other.accessLink, PASSCODE, { secrets: [], client: from("192.0.2.200") }))).status).toBe(204);
  });

  it("the 31st try is the first refused, one address after another; a right passcode before it does not count", async () => {
    const { share } = await passcodeLink();
    for (let i = 0; i < 29; i++) expect((await answer(passcodeRoute(share.accessLink, `guess-${i}`, { secrets: [], client: from(`198.51.100.${i + 1}`) }))).status).toBe(403);
    // Right answers are given back: readers who know the passcode never push the link towards its ceiling.
    for (let i = 0; i < 3; i++) expect((await answer(passcodeRoute(share.accessLink, PASSCODE, { secrets: [], client: from(`192.0.2.${i + 1}`) }))).status).toBe(204);
    expect(await guessingMails()).toHaveLength(0);
    // The 30th wrong try reaches the ceiling: still judged (403), and the owner is told now.
    expect((await answer(passcodeRoute(share.accessLink, "guess-30", { secrets: [], client: from("198.51.100.200") }))).status).toBe(403);
    expect(await guessingMails()).toHaveLength(1);
    expect((await answer(passcodeRoute(share.accessLink, PASSCODE, { secrets: [], client: from("192.0.2.100") }))).status).toBe(429);
    expect(await guessingMails()).toHaveLength(1);
  });

  it("an address past its own budget is refused before it uses up the link's", async () => {
    const { share } = await passcodeLink();
    for (let i = 0; i < 40; i++) await answer(passcodeRoute(share.accessLink, `guess-${i}`, { secrets: [], client: from("198.51.100.1") }));
    expect((await answer(passcodeRoute(share.accessLink, PASSCODE, { secrets: [], client: from("198.51.100.2") }))).status).toBe(204);
    expect(await guessingMails()).toHaveLength(0);
  });
});

describe("passcodes of at least 6 characters", () => {
  it("a new link or a changed passcode of 5 characters is a 400 with the message, on the passcode field", async () => {
    const { owner, idea, share } = await passcodeLink(null);
    const created = await answer(createShare(owner.id, idea.id, { passcode: "12345" }));
    expect(created).toMatchObject({ status: 400, error: "Passcode must be at least 6 characters" });
    const patched = await answer(updateShare(owner.id, share.id, { passcode: "abcde" }));
    expect(patched).toMatchObject({ status: 400, error: MESSAGES.passcode });
    expect(await db.share.count({ where: { passcodeHash: { not: null } } })).toBe(0);

    const issues = errorToResponse(await updateShare(owner.id, share.id, { passcode: "abcde" }).catch((e: unknown) => e));
    expect(((await issues.json()) as { issues: { path: string[] }[] }).issues[0].path).toEqual(["passcode"]);
    // Six is enough.
    expect(await updateShare(owner.id, share.id, { passcode: "abcdef" })).toMatchObject({ hasPasscode: true });
    expect((await answer(passcodeRoute(share.accessLink, "abcdef", { secrets: [], client: from("192.0.2.1") }))).status).toBe(204);
  });

  it("a link stored with a 4-character passcode before the rule still opens with it, and its other settings still change", async () => {
    const { owner, share } = await passcodeLink(null);
    await db.share.update({ where: { id: share.id }, data: { passcodeHash: await hashPasscode("1234") } });
    expect((await answer(passcodeRoute(share.accessLink, "1234", { secrets: [], client: from("192.0.2.1") }))).status).toBe(204);
    expect((await answer(passcodeRoute(share.accessLink, "4321", { secrets: [], client: from("192.0.2.1") }))).status).toBe(403);
    await updateShare(owner.id, share.id, { name: "Sequoia" });
    expect((await answer(passcodeRoute(share.accessLink, "1234", { secrets: [], client: from("192.0.2.2") }))).status).toBe(204);
  });
});
