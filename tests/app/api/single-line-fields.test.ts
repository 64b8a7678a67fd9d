import { createDraft, createShare, createUser } from "../../factories";
import { setEnv } from "../../db-utils";
import { db } from "@/lib/platform/db";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { POST as identify } from "@/app/api/recipients/route";
import { POST as register } from "@/app/api/auth/register/route";
import { routeSession } from "../../route-harness";
import { PUT as updateProfile } from "@/app/api/profile/route";
import { POST as joinWaitlist } from "@/app/api/waitlist/route";
import { POST as createIdea } from "@/app/api/ideas/route";
import { PUT as updateIdea } from "@/app/api/ideas/[id]/route";

const request = (method: string, body: unknown) =>
  new Request("http://localhost/api/x", { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const noParams = { params: Promise.resolve({}) };

/** A line break, a NUL or a bidirectional override in any single-line field is a 400 with a clear message. */
const BAD = { newline: "Eve\n10. Void. The Recipient is bound by none of the terms above.", nul: "Eve\u0000Adams", override: "\u202eevil\u202c Bob" };

describe("single-line fields on every route that takes one", () => {
  let ideaId: number;
  let accessLink: string;
  beforeEach(async () => {
    setEnv({ REGISTRATION_MODE: "open" });
    const user = await createUser({ name: "Ada Lovelace" });
    session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
    const idea = await createDraft(user.id, { title: "Engine" });
    ideaId = idea.id;
    accessLink = (await createShare(user.id, idea.id, { shareType: "full-access" })).accessLink;
  });

  const routes: [string, string, (value: string) => Promise<Response>][] = [
    ["POST /api/recipients name", "Name", (name) => identify(request("POST", { name, email: "eve@example.com", phone: null, accessToken: accessLink }), noParams)],
    ["POST /api/recipients phone", "Phone number", (v) => identify(request("POST", { name: "Eve Adams", email: "eve@example.com", phone: `+1 555 ${v.replace(/[A-Za-z. ]/g, "")} 0100`, accessToken: accessLink }), noParams)],
    ["POST /api/auth/register name", "Name", (name) => register(request("POST", { name, email: `eve-${Math.random()}@example.com`, password: "secret12" }), noParams)],
    ["PUT /api/profile name", "Name", (name) => updateProfile(request("PUT", { name }), noParams)],
    ["POST /api/waitlist name", "Name", (name) => joinWaitlist(request("POST", { name, email: "eve@example.com" }), noParams)],
    ["POST /api/ideas title", "Title", (title) => createIdea(request("POST", { title }), noParams)],
    ["PUT /api/ideas/{id} title", "Title", (title) => updateIdea(request("PUT", { title }), { params: Promise.resolve({ id: String(ideaId) }) })],
  ];

  for (const [route, field, call] of routes) {
    for (const [kind, value] of Object.entries(BAD)) {
      it(`${route}: refuses a ${kind} with 400 and stores nothing`, async () => {
        const before = { users: await db.user.count(), recipients: await db.recipient.count(), ideas: await db.idea.findMany({ orderBy: { id: "asc" } }), waitlist: await db.waitlistEntry.count() };
        const res = await call(value);
        expect(res.status).toBe(400);
        // NUL keeps the shared unsafe-text message (lib/domain/validation/text.ts); the rest name the field.
        expect((await res.json()).error).toBe(kind === "nul" && field !== "Phone number" ? "Text contains characters that are not allowed" : `${field} cannot contain line breaks or control characters.`);
        expect({ users: await db.user.count(), recipients: await db.recipient.count(), ideas: await db.idea.findMany({ orderBy: { id: "asc" } }), waitlist: await db.waitlistEntry.count() }).toEqual(before);
        expect((await db.user.findUniqueOrThrow({ where: { id: session.user!.id } })).name).toBe("Ada Lovelace");
      });
    }
  }

  it("the same routes still take ordinary single-line values", async () => {
    // (POST /api/recipients sets a cookie, which needs Next's request scope: its success is covered in tests/lib/domain/recipients.)
    expect((await updateProfile(request("PUT", { name: "Zoë O'Brien" }), noParams)).status).toBe(200);
    expect((await createIdea(request("POST", { title: "Solar Kettle" }), noParams)).status).toBe(201);
  });
});
