import { db } from "@/lib/platform/db";
import { mailedCode } from "../../support/outbox";
import { acceptNda } from "@/lib/domain/recipients/accept-nda";
import { sendRecipientCode, verifyRecipientEmail } from "@/lib/domain/recipients/email-code";
import { getSharedIdea } from "@/lib/domain/shares/views";
import { requireReader } from "@/lib/domain/gate";
import { PATCH as patchShareRoute } from "@/app/api/shares/[id]/route";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { GET as getDefaults, PUT as putDefaults } from "@/app/api/profile/sharing-defaults/route";
import { TEST_CLIENT, TEST_ORIGIN, agreedRecipient, createPublished, createRecipient, createShare, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** Who may open a link (allow and block lists, the code step) and the owner's sharing defaults. */

type User = { id: string; name: string; email: string };
const asOwner = (u: User) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const json = (method: string, url: string, body?: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, { method, headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

async function setup() {
  const owner = await createUser({ name: "Fiona Founder" });
  const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Secret plan</p>" });
  asOwner(owner);
  return { owner, idea };
}

describe("allow and block lists", () => {
  it("POST /api/shares takes the lists (normalised) and reports bad entries on their field", async () => {
    const { idea } = await setup();
    const res = await createShareRoute(
      json("POST", "/api/shares", { ideaId: idea.id, shareType: "full-access", allowedEmails: [" Partner@Sequoia.com "], allowedDomains: ["@Sequoia.com", "sequoia.com"], blockedDomains: ["rival.io"] }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ allowedEmails: ["partner@sequoia.com"], allowedDomains: ["sequoia.com"], blockedDomains: ["rival.io"] });
    for (const [field, bad] of [["allowedDomains", ["not a domain"]], ["blockedDomains", ["x"]], ["allowedEmails", ["nobody"]]] as const) {
      const refused = await createShareRoute(json("POST", "/api/shares", { ideaId: idea.id, shareType: "full-access", [field]: bad }), { params: Promise.resolve({}) });
      expect(refused.status).toBe(400);
      expect((await refused.json()).issues[0].path[0]).toBe(field);
    }
  });

  it("refuses at identity an address outside the allow lists or inside a blocked domain, 403 'This link is not available to {address}'", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id);
    await db.share.update({ where: { id: share.id }, data: { allowedEmails: ["angel@example.com"], allowedDomains: ["sequoia.com"], blockedDomains: ["eu.sequoia.com"] } });
    for (const email of ["someone@example.com", "spy@eu.sequoia.com", "partner@sequoia.com.evil.io"]) {
      await expect(createRecipient(share, { email })).rejects.toMatchObject({ status: 403, message: `This link is not available to ${email}` });
    }
    await expect(createRecipient(share, { email: "Angel@Example.com" })).resolves.toMatchObject({ email: "angel@example.com" });
    await expect(createRecipient(share, { email: "partner@us.sequoia.com" })).resolves.toMatchObject({ emailVerified: false });
    expect(await db.recipient.count()).toBe(2);
  });

  it("a link with an allow list proves the address with the 6-digit code before the agreement and the content", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id);
    await db.share.update({ where: { id: share.id }, data: { allowedDomains: ["sequoia.com"] } });
    const r = await createRecipient(share, { email: "partner@sequoia.com" });
    expect(r.emailVerified).toBe(false);
    await expect(acceptNda(r.id, r.secrets, TEST_CLIENT)).rejects.toMatchObject({ status: 403 });
    const code = await mailedCode("partner@sequoia.com");
    await expect(verifyRecipientEmail(r.id, code, r.secrets)).resolves.toMatchObject({ emailVerified: true });
    await acceptNda(r.id, r.secrets, TEST_CLIENT);
    expect((await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT)).idea.content).toBeDefined();
    // Without a list no code is asked.
    const open = await createShare(owner.id, idea.id);
    const plain = await createRecipient(open);
    expect(plain.emailVerified).toBe(true);
    await expect(sendRecipientCode(plain.id, plain.secrets)).rejects.toMatchObject({ status: 409 });
  });

  it("lists set by PATCH apply at once: excluded recipients lose their session, the others prove their address", async () => {
    const { owner, idea } = await setup();
    const share = await createShare(owner.id, idea.id);
    const insider = await agreedRecipient(share, { email: "partner@sequoia.com" });
    const outsider = await agreedRecipient(share, { email: "someone@rival.io" });
    for (const r of [insider, outsider]) await getSharedIdea(share.accessLink, r.secrets, TEST_CLIENT);
    const res = await patchShareRoute(json("PATCH", `/api/shares/${share.id}`, { allowedDomains: ["sequoia.com"] }), { params: Promise.resolve({ id: share.id }) });
    expect(await res.json()).toMatchObject({ allowedDomains: ["sequoia.com"] });
    await expect(requireReader(share.accessLink, outsider.secrets)).rejects.toMatchObject({ status: 404 });
    await expect(requireReader(share.accessLink, insider.secrets)).rejects.toMatchObject({ status: 404 });
    await sendRecipientCode(insider.id, insider.secrets);
    await verifyRecipientEmail(insider.id, await mailedCode("partner@sequoia.com"), insider.secrets);
    await expect(requireReader(share.accessLink, insider.secrets)).resolves.toMatchObject({ recipient: { id: insider.id } });
    expect(await db.recipient.count()).toBe(2); // the outsider's record stays as evidence
  });
});

describe("/profile 'Sharing defaults'", () => {
  it("account-wide blocked domains close every link to them; new links start with the default options", async () => {
    const { owner, idea } = await setup();
    expect(await (await getDefaults(json("GET", "/api/profile/sharing-defaults"), { params: Promise.resolve({}) })).json()).toEqual({
      blockedDomains: [],
      allowDownload: false,
      screenShield: false,
      expiryDays: 30,
      shareType: "time-dependent",
    });
    const saved = await putDefaults(json("PUT", "/api/profile/sharing-defaults", { blockedDomains: ["Rival.io"], allowDownload: true, screenShield: true, expiryDays: 14 }), {
      params: Promise.resolve({}),
    });
    expect(await saved.json()).toEqual({ blockedDomains: ["rival.io"], allowDownload: true, screenShield: true, expiryDays: 14, shareType: "time-dependent" });
    const bad = await putDefaults(json("PUT", "/api/profile/sharing-defaults", { expiryDays: 0 }), { params: Promise.resolve({}) });
    expect(bad.status).toBe(400);

    const share = await createShare(owner.id, idea.id);
    expect(share).toMatchObject({ allowDownload: true, screenShield: true });
    expect(await createShare(owner.id, idea.id, { allowDownload: false })).toMatchObject({ allowDownload: false });
    await expect(createRecipient(share, { email: "ceo@rival.io" })).rejects.toMatchObject({ status: 403, message: "This link is not available to ceo@rival.io" });
    await expect(createRecipient(share, { email: "ceo@friend.io" })).resolves.toBeTruthy();
  });
});
