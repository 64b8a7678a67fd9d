import { db } from "@/lib/platform/db";
import { listOutbox } from "@/lib/platform/email/outbox";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { GET as shareRoute } from "@/app/api/share/[token]/route";
import { setEnv } from "../../db-utils";
import { TEST_CLIENT, TEST_ORIGIN, createPublished, createUser } from "../../factories";
import { routeSession } from "../../route-harness";

jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());

/** An e-mail link's optional personal note, shown only in its invitation mail. */

const asOwner = (u: { id: string; name: string; email: string }) => Object.assign(routeSession, { user: { ...u, profileImage: null }, secrets: [], passcodes: {} });
const headers = { origin: TEST_ORIGIN, "content-type": "application/json", "user-agent": TEST_CLIENT.userAgent, "x-ideavault-client-ip": "203.0.113.7" };
const create = (body: unknown) => createShareRoute(new Request(`${TEST_ORIGIN}/api/shares`, { method: "POST", headers, body: JSON.stringify(body) }), { params: Promise.resolve({}) });

beforeEach(() => setEnv({ IDEAVAULT_CUSTOM_SERVER: "true" }));

describe("POST /api/shares note", () => {
  it("stores the note trimmed and puts it, escaped, in the invitation only", async () => {
    const owner = await createUser({ name: "Ada Lovelace", email: "ada@example.com" });
    const idea = await createPublished(owner.id, { title: "Solar Kettle", content: "<p>Secret plan</p>" });
    asOwner(owner);
    const note = `  Hi Grace — the kettle we talked about.\n<script>alert(1)</script> <a href="https://evil.example">click</a> & "quotes"  `;
    const res = await create({ ideaId: idea.id, shareType: "email", recipientEmail: "grace@example.com", note });
    expect(res.status).toBe(201);
    const created = await res.json();
    // The owner's own answer does not echo it; the link stores it trimmed.
    expect(created).not.toHaveProperty("note");
    const stored = await db.share.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.note).toBe(note.trim());

    const [mail] = (await listOutbox()).filter((m) => m.to === "grace@example.com");
    expect(mail.replyTo).toBe("ada@example.com");
    expect(mail.text).toContain("Ada Lovelace's note:");
    expect(mail.text).toContain(`“${note.trim()}”`);
    // HTML: the note is text, never markup.
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain('href="https://evil.example"');
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("&amp;");

    // The recipient's view of the link (the public lookup) never carries it.
    const lookup = await shareRoute(new Request(`${TEST_ORIGIN}/api/share/${created.accessLink}`, { headers }), { params: Promise.resolve({ token: created.accessLink }) });
    expect(lookup.status).toBe(200);
    expect(await lookup.text()).not.toContain("kettle we talked about");
  });

  it("no note, a blank note: no note paragraph; another type ignores it (stored null)", async () => {
    const owner = await createUser({ name: "Ada Lovelace" });
    const idea = await createPublished(owner.id);
    asOwner(owner);
    for (const [email, note] of [["a@example.com", undefined], ["b@example.com", "   "]] as const) {
      const res = await create({ ideaId: idea.id, shareType: "email", recipientEmail: email, ...(note === undefined ? {} : { note }) });
      expect(res.status).toBe(201);
      expect((await db.share.findUniqueOrThrow({ where: { id: (await res.json()).id } })).note).toBeNull();
      const [mail] = (await listOutbox()).filter((m) => m.to === email);
      expect(mail.text).not.toContain("'s note:");
    }
    const full = await create({ ideaId: idea.id, shareType: "full-access", note: "Only for e-mail links" });
    expect(full.status).toBe(201);
    expect((await db.share.findUniqueOrThrow({ where: { id: (await full.json()).id } })).note).toBeNull();
  });

  it("refuses a note over 500 characters on its path (400), creating nothing and mailing nobody", async () => {
    const owner = await createUser();
    const idea = await createPublished(owner.id);
    asOwner(owner);
    for (const note of ["x".repeat(501), 42, "bad\u0000byte"]) {
      const res = await create({ ideaId: idea.id, shareType: "email", recipientEmail: "grace@example.com", note });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.issues[0].path).toEqual(["note"]);
    }
    const over = await create({ ideaId: idea.id, shareType: "email", recipientEmail: "grace@example.com", note: "x".repeat(501) });
    expect((await over.json()).error).toBe("Note must be at most 500 characters");
    expect(await db.share.count()).toBe(0);
    expect(await listOutbox()).toHaveLength(0);
    // 500 is fine.
    expect((await create({ ideaId: idea.id, shareType: "email", recipientEmail: "grace@example.com", note: "x".repeat(500) })).status).toBe(201);
  });
});
