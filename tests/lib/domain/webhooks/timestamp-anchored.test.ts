import { db } from "@/lib/platform/db";
import { createWebhook } from "@/lib/domain/webhooks/endpoints";
import { verifySignature } from "@/lib/domain/webhooks/signature";
import { agreedRecipient, createPublished, createShare, createUser } from "../../../factories";
import { setEnv } from "../../../db-utils";
import { startWebhookReceiver } from "../../../fakes/webhook-receiver";
import { runStamping, runUpgradeChecks, useFakeNetwork } from "../timestamps/helpers";
import { settleWebhooks, useWebhookWorker } from "./helpers";

useWebhookWorker();

const fakes = useFakeNetwork({ calendars: 2, explorers: 1 });
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  await settleWebhooks();
});

describe("timestamp.anchored", () => {
  it("is sent once per proof when the upgrade pass confirms it in Bitcoin: the idea's and the agreement's", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    const owner = await createUser();
    const endpoint = await createWebhook(owner.id, { url: receiver.url, events: ["timestamp.anchored"] });
    const idea = await createPublished(owner.id, { title: "Solar kettle" });
    const recipient = await agreedRecipient(await createShare(owner.id, idea.id));
    await runStamping();
    await runUpgradeChecks();
    await settleWebhooks();
    expect(receiver.received).toHaveLength(0);

    fakes.net.mineAll();
    expect(await runUpgradeChecks()).toMatchObject({ confirmed: 2 });
    await settleWebhooks();
    // A later run has nothing pending left, and sends nothing again.
    expect(await runUpgradeChecks()).toMatchObject({ checked: 0 });
    await settleWebhooks();

    expect(receiver.received).toHaveLength(2);
    const proofs = await db.timestampProof.findMany({ orderBy: { createdAt: "asc" } });
    const nda = await db.ndaAcceptance.findUniqueOrThrow({ where: { recipientId: recipient.id } });
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    for (const r of receiver.received) expect(verifySignature(endpoint.secret, String(r.headers["ideavault-signature"]), r.body)).toBe(true);
    for (const proof of proofs) {
      const body = bodies.find((b) => b.data.proofId === proof.id);
      expect(body).toMatchObject({
        type: "timestamp.anchored",
        data: {
          ideaId: idea.id,
          ideaTitle: "Solar kettle",
          subject: proof.ndaAcceptanceId ? "nda" : "idea",
          ndaId: proof.ndaAcceptanceId ? nda.id : null,
          sha256: proof.digest,
          bitcoin: { height: proof.bitcoinHeight, blockHash: proof.bitcoinBlockHash, time: proof.bitcoinTime!.toISOString() },
        },
      });
    }
  });
});
