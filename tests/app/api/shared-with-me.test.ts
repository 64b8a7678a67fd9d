import { createDraft, createShare, createUser } from "../../factories";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET } from "@/app/api/shared-with-me/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as register } from "@/app/api/auth/register/route";
import { db } from "@/lib/platform/db";
import { routeSession } from "../../route-harness";
import { listOutbox } from "@/lib/platform/email/outbox";

const call = () => GET(new Request("http://localhost/api/shared-with-me"), { params: Promise.resolve({}) });

describe("GET /api/shared-with-me", () => {
  it("needs a session", async () => {
    session.user = null;
    expect((await call()).status).toBe(401);
  });

  it("answers the account's shares as JSON, never cached", async () => {
    const me = await createUser({ name: "Bob", email: "bob@example.com", emailVerified: true });
    const ada = await createUser({ name: "Ada Lovelace" });
    const idea = await createDraft(ada.id, { title: "Solar Kettle" });
    const share = await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bob@example.com" });
    session.user = { id: me.id, name: me.name, email: me.email, profileImage: null };
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual([
      { shareId: share.id, ideaId: idea.id, title: "Solar Kettle", sharerName: "Ada Lovelace", sharedAt: new Date(share.createdAt).toISOString(), accessLink: share.accessLink },
    ]);
  });

  it("answers 200 [] for an account that registered the address without proving it, and lists it once the e-mailed link is used", async () => {
    const ada = await createUser({ name: "Ada Lovelace" });
    const idea = await createDraft(ada.id, { title: "Solar Kettle" });
    const share = await createShare(ada.id, idea.id, { shareType: "email", recipientEmail: "bob@example.com" });

    // Open registration of the invitee's address by someone who does not own the mailbox.
    const json = (url: string, body: unknown) =>
      new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const reg = await register(json("http://localhost/api/auth/register", { name: "Not Bob", email: "bob@example.com", password: "secret1" }), { params: Promise.resolve({}) });
    expect(reg.status).toBe(201);
    const squatter = await db.user.findUniqueOrThrow({ where: { email: "bob@example.com" } });
    session.user = { id: squatter.id, name: squatter.name, email: squatter.email, profileImage: null };
    const hidden = await call();
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual([]);

    // The mailbox's owner follows the link: from then on the account has proven the address.
    const [mail] = await listOutbox();
    const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token");
    const verified = await verifyEmail(json("http://localhost/api/auth/verify-email", { token }), { params: Promise.resolve({}) });
    expect(verified.status).toBe(200);
    expect((await (await call()).json()).map((s: { shareId: string }) => s.shareId)).toEqual([share.id]);
  });
});
