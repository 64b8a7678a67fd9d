import { db } from "@/lib/platform/db";
import { enqueue } from "@/lib/platform/jobs";
import { listOutbox } from "@/lib/platform/email/outbox";
import { createIdea, publishIdea } from "@/lib/domain/ideas";
import { updateNotificationSettings } from "@/lib/domain/notifications/settings";
import { mailProofAnchored } from "@/lib/domain/notifications/proof-anchored";
import { runJobsUntilIdle } from "@/lib/features/jobs/worker";
import { createUser } from "../../../factories";
import { queuedJobs, waitingJobs } from "../../../db-utils";
import { runStamping, runUpgradeChecks, useFakeNetwork } from "../timestamps/helpers";

const fakes = useFakeNetwork({ calendars: 3, explorers: 1 });

const mailsTo = async (to: string) => (await listOutbox(500)).filter((m) => m.to === to);

/** An owner's published idea whose proof a Bitcoin block has just confirmed (its mail not sent yet). */
async function anchoredIdea() {
  const owner = await createUser();
  const idea = await createIdea(owner.id, { title: "Solar Kettle", content: "<p>Boils water with sunlight.</p>" });
  await publishIdea(owner.id, idea.id);
  expect(await runStamping()).toMatchObject({ submitted: 1 });
  fakes.net.mineAll();
  expect(await runUpgradeChecks()).toMatchObject({ confirmed: 1 });
  const proof = await db.timestampProof.findFirstOrThrow({ where: { ideaVersion: { ideaId: idea.id } } });
  return { owner, idea, proof };
}

describe("the owner's mail when a proof is anchored in Bitcoin", () => {
  it("is sent once, with the idea's title, the block's height and date and a link to the idea", async () => {
    const { owner, idea, proof } = await anchoredIdea();
    expect((await queuedJobs("anchored-mail")).map((j) => j.data)).toEqual([{ proofId: proof.id }]);
    await runJobsUntilIdle(["anchored-mail"]);
    const [mail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    const day = proof.bitcoinTime!.toISOString().slice(0, 10);
    expect(mail.subject).toBe(`"Solar Kettle" is anchored in Bitcoin block ${proof.bitcoinHeight}`);
    expect(mail.text).toContain(`The proof of the idea "Solar Kettle" (version 1) is anchored in Bitcoin block ${proof.bitcoinHeight} of ${day} `);
    expect(mail.text).toMatch(new RegExp(`\\nhttps?://[^/\\s]+/editor/${idea.id}\\n`));
    expect(mail.html).toContain(`/editor/${idea.id}`);

    // Later upgrade runs find nothing pending; a second job for the proof (another instance, a retried run) sends nothing.
    expect(await runUpgradeChecks()).toMatchObject({ checked: 0 });
    expect(await waitingJobs("anchored-mail")).toEqual([]);
    await enqueue("anchored-mail", { proofId: proof.id });
    await runJobsUntilIdle(["anchored-mail"]);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("is sent once when two runs for the same proof race", async () => {
    const { owner, proof } = await anchoredIdea();
    const runs = await Promise.all([mailProofAnchored(proof.id), mailProofAnchored(proof.id), mailProofAnchored(proof.id)]);
    expect(runs.reduce((n, r) => n + r.mailed, 0)).toBe(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it("is not sent when the owner switched 'Proof anchored in Bitcoin' off", async () => {
    const { owner, proof } = await anchoredIdea();
    await updateNotificationSettings(owner.id, { proofAnchored: false });
    await runJobsUntilIdle(["anchored-mail"]);
    expect(await mailsTo(owner.email)).toEqual([]);
    // Switching it on later does not announce a block that was not mailed then.
    await updateNotificationSettings(owner.id, { proofAnchored: true });
    expect(await mailProofAnchored(proof.id)).toEqual({ mailed: 0, skipped: 1 });
    expect(await mailsTo(owner.email)).toEqual([]);
  });
});
