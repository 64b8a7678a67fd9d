import "server-only";
import { db } from "@/lib/platform/db";
import { sendEmail } from "@/lib/platform/email";
import { proofAnchoredEmail } from "@/lib/platform/email/templates";
import { originForHost } from "@/lib/platform/http/origin";

export type AnchoredMailCounts = { mailed: number; skipped: number };

/**
 * The owner's mail that a proof of one of their published versions is anchored in a Bitcoin block: an
 * "anchored-mail" job, queued in the transaction that confirms the proof (lib/domain/timestamps/upgrade.ts), which
 * confirms a proof once. The job claims the proof's "anchoredMailAt" before sending, so a second job or a retried run
 * for the same proof sends nothing; a mail that fails releases the claim and throws, and the library retries the run.
 * The owner's 'Proof anchored in Bitcoin' switch is read when the mail would go.
 */
export async function mailProofAnchored(proofId: string): Promise<AnchoredMailCounts> {
  const claimed = await db.$queryRaw<{ id: string }[]>`
    UPDATE "TimestampProof" SET "anchoredMailAt" = (now() AT TIME ZONE 'UTC')
    WHERE "id" = ${proofId} AND "status" = 'confirmed' AND "anchoredMailAt" IS NULL
    RETURNING "id"`;
  if (!claimed.length) return { mailed: 0, skipped: 1 };
  try {
    const proof = await db.timestampProof.findUniqueOrThrow({
      where: { id: proofId },
      select: {
        bitcoinHeight: true,
        bitcoinTime: true,
        ideaVersion: { select: { version: true, idea: { select: { id: true, title: true, owner: { select: { email: true, notifyProofAnchored: true } } } } } },
      },
    });
    const idea = proof.ideaVersion?.idea;
    if (!idea?.owner.notifyProofAnchored || proof.bitcoinHeight === null || !proof.bitcoinTime) return { mailed: 0, skipped: 1 };
    const mail = await proofAnchoredEmail({
      idea: { id: idea.id, title: idea.title },
      version: proof.ideaVersion!.version,
      height: proof.bitcoinHeight,
      blockTime: proof.bitcoinTime,
      ideaUrl: `${originForHost(null)}/editor/${idea.id}`,
    });
    await sendEmail({ to: idea.owner.email, ...mail });
    return { mailed: 1, skipped: 0 };
  } catch (err) {
    await db.timestampProof.update({ where: { id: proofId }, data: { anchoredMailAt: null } });
    throw err;
  }
}
