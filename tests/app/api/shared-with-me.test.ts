import { createDraft, createShare, createUser } from "../../factories";

const session = { user: null as null | { id: string; name: string; email: string; profileImage: null } };
jest.mock("@/lib/auth/session", () => ({
  ...jest.requireActual("@/lib/auth/session"),
  requireUser: async () => {
    if (!session.user) throw new (jest.requireActual("@/lib/api/errors").UnauthorizedError)();
    return session.user;
  },
}));

import { GET } from "@/app/api/shared-with-me/route";

const call = () => GET(new Request("http://localhost/api/shared-with-me"), { params: Promise.resolve({}) });

describe("GET /api/shared-with-me", () => {
  it("needs a session", async () => {
    session.user = null;
    expect((await call()).status).toBe(401);
  });

  it("answers the account's shares as JSON, never cached", async () => {
    const me = await createUser({ name: "Bob", email: "bob@example.com" });
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
});
