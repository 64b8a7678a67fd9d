import { createUser } from "../../../factories";
import { db } from "@/lib/platform/db";

// The handlers are called directly; only the session lookup (which needs Next's request scope) is replaced.
const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../../route-harness").sessionModuleMock());

import { GET, PUT } from "@/app/api/profile/notifications/route";
import { routeSession } from "../../../route-harness";

const noParams = { params: Promise.resolve({}) };
const get = () => GET(new Request("http://localhost/api/profile/notifications"), noParams);
const put = (body: unknown, contentType = "application/json") =>
  PUT(
    new Request("http://localhost/api/profile/notifications", {
      method: "PUT",
      headers: { "content-type": contentType },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    noParams,
  );

describe("GET/PUT /api/profile/notifications", () => {
  let userId: string;
  beforeEach(async () => {
    const user = await createUser();
    userId = user.id;
    session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
  });

  it("needs a session", async () => {
    session.user = null;
    expect((await get()).status).toBe(401);
    expect((await put({ comments: false })).status).toBe(401);
  });

  it("every switch is on by default", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ndaAccepted: true, firstView: true, comments: true, proofAnchored: true, visitEnded: true });
  });

  it("changes only the switches named and answers all of them", async () => {
    const res = await put({ firstView: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ndaAccepted: true, firstView: false, comments: true, proofAnchored: true, visitEnded: true });
    expect(await (await put({ ndaAccepted: false, comments: false })).json()).toEqual({ ndaAccepted: false, firstView: false, comments: false, proofAnchored: true, visitEnded: true });
    expect(await (await put({ proofAnchored: false })).json()).toEqual({ ndaAccepted: false, firstView: false, comments: false, proofAnchored: false, visitEnded: true });
    expect(await (await put({ visitEnded: false })).json()).toEqual({ ndaAccepted: false, firstView: false, comments: false, proofAnchored: false, visitEnded: false });
    expect(await (await get()).json()).toEqual({ ndaAccepted: false, firstView: false, comments: false, proofAnchored: false, visitEnded: false });
    const columns = { notifyNdaAccepted: true, notifyFirstView: true, notifyComments: true, notifyProofAnchored: true, notifyVisitEnded: true };
    expect(await db.user.findUniqueOrThrow({ where: { id: userId }, select: columns })).toEqual({
      notifyNdaAccepted: false,
      notifyFirstView: false,
      notifyComments: false,
      notifyProofAnchored: false,
      notifyVisitEnded: false,
    });
  });

  it.each([
    ["a string instead of a boolean", { firstView: "false" }],
    ["null", { comments: null }],
    ["an unknown key", { ndaAccepted: true, marketing: true }],
    ["no switch at all", {}],
    ["an array", [true]],
  ])("refuses %s with 400 and changes nothing", async (_label, body) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual(expect.any(String));
    expect(await (await get()).json()).toEqual({ ndaAccepted: true, firstView: true, comments: true, proofAnchored: true, visitEnded: true });
  });

  it("refuses malformed JSON with 400", async () => {
    expect((await put("{not json")).status).toBe(400);
  });
});
