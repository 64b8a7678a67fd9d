import { PATCH as patchShareRoute } from "@/app/api/shares/[id]/route";
import { POST as createShareRoute } from "@/app/api/shares/route";
import { TEST_ORIGIN, createPublished, createUser } from "../../../factories";
import { routeSession } from "../../../route-harness";

/**
 * POST and PATCH /api/shares through their route handlers, signed in as the owner `signedInOwner` made (the test
 * file mocks the session module with the route harness).
 */
const json = (method: string, url: string, body: unknown) =>
  new Request(`${TEST_ORIGIN}${url}`, { method, headers: { origin: TEST_ORIGIN, "content-type": "application/json" }, body: JSON.stringify(body) });

/** An owner with a published idea "Kettle", signed in. */
export async function signedInOwner(user: Parameters<typeof createUser>[0] = {}) {
  const owner = await createUser({ name: "Fiona Founder", ...user });
  const idea = await createPublished(owner.id, { title: "Kettle", content: "<p>Secret plan</p>" });
  Object.assign(routeSession, { user: { ...owner, profileImage: null }, secrets: [], passcodes: {} });
  return { owner, idea };
}

export async function createLink(body: Record<string, unknown>) {
  const res = await createShareRoute(json("POST", "/api/shares", body), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

export async function patchLink(id: string, body: Record<string, unknown>) {
  const res = await patchShareRoute(json("PATCH", `/api/shares/${id}`, body), { params: Promise.resolve({ id }) });
  return { status: res.status, body: await res.json() };
}
