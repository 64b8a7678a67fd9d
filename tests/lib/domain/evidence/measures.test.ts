import { agreedRecipient, createDraft, createPublished, createShare, createUser, TEST_ORIGIN } from "../../../factories";
import { flat, pdfText } from "../../../pdf-text";
import { protectiveMeasures } from "@/lib/domain/evidence/measures";
import { revokeShare, updateShare } from "@/lib/domain/shares";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { GET as measuresGET } from "@/app/api/ideas/[id]/measures.pdf/route";
import { routeSession } from "../../../route-harness";

const call = (ideaId: number | string) =>
  measuresGET(new Request(`${TEST_ORIGIN}/api/ideas/${ideaId}/measures.pdf`), { params: Promise.resolve({ id: String(ideaId) }) });

function signIn(user: { id: string; name: string; email: string }) {
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
}

describe("protective measures", () => {
  it("states every link's rules, their changes and revocation, and who had access when, in time order", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(owner.id, { title: "Analytical engine" });
    const open = await createShare(owner.id, idea.id, { passcode: "tulip-4471", screenShield: true });
    const invite = await createShare(owner.id, idea.id, { shareType: "email", recipientEmail: "grace@example.com" });
    await updateShare(owner.id, open.id, { maxViews: 3 });
    const reader = await agreedRecipient(invite, { name: "Grace Hopper" });
    await revokeShare(owner.id, invite.id);

    const m = await protectiveMeasures(owner.id, idea.id);
    const [storage, publication, links, access] = m.sections;
    expect(storage.facts[0].text).toMatch(/encrypted at rest with AES-256-GCM/);
    expect(publication.facts).toHaveLength(1);
    expect(publication.facts[0].text).toMatch(/^Version 1 published, content SHA-256 [0-9a-f]{64}/);

    const linkTexts = links.facts.map((f) => f.text);
    const created = linkTexts.find((t) => t.includes(`link ${open.id})`) && t.includes("created"))!;
    expect(created).toMatch(/passcode required/);
    expect(created).toMatch(/screen shield on/);
    expect(created).toMatch(/download off/);
    expect(created).toMatch(/at most 3 views/);
    expect(linkTexts.some((t) => t.startsWith(`Link ${open.id} changed:`))).toBe(true);
    expect(linkTexts.find((t) => t.includes(`link ${invite.id})`))).toMatch(/address proven with a one-time e-mailed code/);
    expect(linkTexts).toContain(`Link ${invite.id} revoked: it delivers nothing from then on.`);

    const accessTexts = access.facts.map((f) => f.text);
    expect(accessTexts.some((t) => t.startsWith("Grace Hopper <grace@example.com>") && t.endsWith("identified."))).toBe(true);
    expect(accessTexts.some((t) => t.includes("proved the address"))).toBe(true);
    expect(accessTexts.some((t) => t.includes("accepted the agreement"))).toBe(true);
    expect(reader.id).toBeTruthy();

    for (const section of [links, access]) {
      const times = section.facts.map((f) => f.at!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it("is served as a PDF to the owner only", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const other = await createUser();
    const idea = await createPublished(owner.id, { title: "Analytical engine" });
    await createShare(owner.id, idea.id, { passcode: "tulip-4471" });

    signIn(owner);
    const res = await call(idea.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = flat(pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(text).toContain("Protective measures");
    expect(text).toContain("Analytical engine");
    expect(text).toContain("passcode required");
    expect(text).toContain("not legal advice");

    signIn(other);
    expect((await call(idea.id)).status).toBe(404);
    expect((await call("abc")).status).toBe(404);
  });

  it("states a draft's storage with no publication", async () => {
    const owner = await createUser();
    const draft = await createDraft(owner.id);
    const m = await protectiveMeasures(owner.id, draft.id);
    expect(m.sections[1].facts).toEqual([]);
    expect(m.sections[0].facts.length).toBeGreaterThan(0);
  });
});
