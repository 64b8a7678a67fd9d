import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { mailedCode } from "../../../support/outbox";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { sendRecipientCode, verifyRecipientEmail } from "@/lib/domain/recipients/email-code";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { requireReader } from "@/lib/domain/gate";
import { TEST_CLIENT, agreedRecipient, createRecipient } from "../../../factories";
import { createLink, patchLink, signedInOwner } from "./share-route-calls";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

const setup = () => signedInOwner();

/** 'Require a verified e-mail' on any link: the recipient proves their address with the code, as on an e-mail link. */

describe("requireVerifiedEmail on POST/PATCH /api/shares", () => {
  it.each(["one-time", "time-dependent", "full-access"] as const)("a %s link that requires it asks the code before the agreement and the content", async (shareType) => {
    const { idea } = await setup();
    const expiresAt = shareType === "time-dependent" ? new Date(Date.now() + 86_400_000).toISOString() : null;
    const created = await createLink({ ideaId: idea.id, shareType, expiresAt, requireVerifiedEmail: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ shareType, requireVerifiedEmail: true });

    const r = await createRecipient(created.body, { email: "Partner@Sequoia.com" });
    expect(r.emailVerified).toBe(false);
    await expect(acceptNda(r.id, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 403 });
    await expect(getSharedIdea(created.body.accessLink, r.secrets, TEST_CLIENT)).resolves.not.toHaveProperty("idea.content");
    await expect(verifyRecipientEmail(r.id, "000000", r.secrets)).rejects.toMatchObject({ status: 400 });
    await expect(verifyRecipientEmail(r.id, await mailedCode("partner@sequoia.com"), r.secrets)).resolves.toMatchObject({ emailVerified: true });
    // Anyone can open this link: the code mail does not hand them the owner's address (no Reply-To).
    const codeMail = (await listOutbox()).find((m) => m.to === "partner@sequoia.com");
    expect(codeMail?.replyTo).toBeUndefined();
    await acceptNda(r.id, r.secrets, TEST_CLIENT);
    expect((await getSharedIdea(created.body.accessLink, r.secrets, TEST_CLIENT)).idea.content).toBeDefined();
  });

  it("is off by default (no code), refuses a non-boolean with 400, and PATCH turns it on for readers already in", async () => {
    const { idea } = await setup();
    const created = await createLink({ ideaId: idea.id, shareType: "full-access" });
    expect(created.body).toMatchObject({ requireVerifiedEmail: false });
    const reader = await agreedRecipient(created.body, { email: "angel@example.com" });
    expect(reader.emailVerified).toBe(true);
    await expect(sendRecipientCode(reader.id, reader.secrets)).rejects.toMatchObject({ status: 409 });
    await getSharedIdea(created.body.accessLink, reader.secrets, TEST_CLIENT);

    const bad = await createLink({ ideaId: idea.id, shareType: "full-access", requireVerifiedEmail: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "requireVerifiedEmail must be true or false" });

    const patched = await patchLink(created.body.id, { requireVerifiedEmail: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ requireVerifiedEmail: true });
    // The reader already in is asked to prove the address on its next call.
    await expect(requireReader(created.body.accessLink, reader.secrets)).rejects.toMatchObject({ status: 404 });
    await sendRecipientCode(reader.id, reader.secrets);
    await verifyRecipientEmail(reader.id, await mailedCode("angel@example.com"), reader.secrets);
    await expect(requireReader(created.body.accessLink, reader.secrets)).resolves.toMatchObject({ recipient: { id: reader.id } });
    const change = await db.shareChange.findFirstOrThrow({ where: { shareId: created.body.id } });
    expect(change.summary).toBe("verified e-mail required");
  });
});
