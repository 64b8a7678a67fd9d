import { db } from "@/lib/platform/db";
import { decrypt } from "@/lib/platform/crypto";
import { secretContext } from "@/lib/domain/webhooks/deliver";
import { verifySignature } from "@/lib/domain/webhooks/signature";
import { createUser } from "../../factories";
import { setEnv } from "../../db-utils";
import { startWebhookReceiver } from "../../fakes/webhook-receiver";

const session = routeSession;
jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());

import { GET, POST } from "@/app/api/webhooks/route";
import { DELETE } from "@/app/api/webhooks/[id]/route";
import { POST as TEST } from "@/app/api/webhooks/[id]/test/route";
import { GET as CRON } from "@/app/api/cron/webhooks/route";
import { routeSession } from "../../route-harness";

const noParams = { params: Promise.resolve({}) };
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });
const list = () => GET(new Request("http://localhost/api/webhooks"), noParams);
const create = (body: unknown) =>
  POST(new Request("http://localhost/api/webhooks", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), noParams);
const remove = (id: string) => DELETE(new Request(`http://localhost/api/webhooks/${id}`, { method: "DELETE" }), idParams(id));
const test = (id: string) => TEST(new Request(`http://localhost/api/webhooks/${id}/test`, { method: "POST" }), idParams(id));

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function signIn() {
  const user = await createUser();
  session.user = { id: user.id, name: user.name, email: user.email, profileImage: null };
  return user;
}

describe("/api/webhooks", () => {
  beforeEach(() => receiver.reset());

  it("needs a session", async () => {
    session.user = null;
    expect((await list()).status).toBe(401);
    expect((await create({ url: "https://example.com/h", events: ["nda.accepted"] })).status).toBe(401);
    expect((await remove("abc")).status).toBe(401);
    expect((await test("abc")).status).toBe(401);
  });

  it("answers the secret once, stores it encrypted, and never lists it", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    const user = await signIn();
    const res = await create({ url: receiver.url, events: ["view.first", "nda.accepted", "view.first"] });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ url: receiver.url, events: ["nda.accepted", "view.first"], deliveries: [] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.userId).toBe(user.id);
    expect(Buffer.from(row.secretCiphertext).includes(Buffer.from(created.secret))).toBe(false);
    expect(decrypt(Buffer.from(row.secretCiphertext), secretContext(row.id)).toString()).toBe(created.secret);
    const listed = await (await list()).json();
    expect(listed).toEqual([{ id: created.id, url: receiver.url, events: ["nda.accepted", "view.first"], createdAt: created.createdAt, deliveries: [] }]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it.each([
    ["no URL", { events: ["nda.accepted"] }, /URL/],
    ["not a URL", { url: "example.com/hook", events: ["nda.accepted"] }, /full URL/],
    ["ftp", { url: "ftp://example.com/hook", events: ["nda.accepted"] }, /https/],
    ["credentials in the URL", { url: "https://user:pw@example.com/hook", events: ["nda.accepted"] }, /user name or password/],
    ["no event", { url: "https://example.com/hook", events: [] }, /at least one event/],
    ["an unknown event", { url: "https://example.com/hook", events: ["idea.deleted"] }, /Events must be among/],
    ["an unknown key", { url: "https://example.com/hook", events: ["nda.accepted"], secret: "mine" }, /./],
  ])("refuses %s with a 400", async (_name, body, message) => {
    await signIn();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
    expect(await db.webhookEndpoint.count()).toBe(0);
  });

  it.each([
    ["plain http", "http://example.com/hook", /https/],
    ["http to loopback", "http://127.0.0.1:9/hook", /https/],
    ["loopback", "https://127.0.0.1/hook", /private/],
    ["a name resolving to loopback", "https://localhost/hook", /private/],
    ["RFC 1918 (10/8)", "https://10.1.2.3/hook", /private/],
    ["RFC 1918 (172.16/12)", "https://172.20.0.1/hook", /private/],
    ["RFC 1918 (192.168/16)", "https://192.168.1.1/hook", /private/],
    ["link-local (cloud metadata)", "https://169.254.169.254/latest", /private/],
    ["0.0.0.0", "https://0.0.0.0/hook", /private/],
    ["IPv6 loopback", "https://[::1]/hook", /private/],
    ["IPv4-mapped IPv6 loopback", "https://[::ffff:127.0.0.1]/hook", /private/],
    ["IPv6 unique-local", "https://[fd00::1]/hook", /private/],
    ["IPv6 link-local", "https://[fe80::1]/hook", /private/],
  ])("refuses %s outside development", async (_name, url, message) => {
    await signIn();
    const res = await create({ url, events: ["nda.accepted"] });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
    expect(await db.webhookEndpoint.count()).toBe(0);
  });

  it("allows http only to loopback in development", async () => {
    setEnv({ NODE_ENV: "development" });
    await signIn();
    expect((await create({ url: "http://127.0.0.1:9/hook", events: ["nda.accepted"] })).status).toBe(201);
    expect((await create({ url: "http://localhost:9/hook", events: ["nda.accepted"] })).status).toBe(201);
    expect((await create({ url: "https://192.168.1.1/hook", events: ["nda.accepted"] })).status).toBe(201);
    for (const url of ["http://192.168.1.1/hook", "http://example.com/hook", "http://ideavault.invalid/hook"]) {
      const refused = await create({ url, events: ["nda.accepted"] });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toMatch(/https/);
    }
  });

  it("keeps an account to 10 endpoints, even when they are added at once", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    await signIn();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => create({ url: `${receiver.url}/${i}`, events: ["nda.accepted"] })));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), 409, 409]);
    expect(await db.webhookEndpoint.count()).toBe(10);
  });

  it("deletes an endpoint with its deliveries; another account's is a 404", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    await signIn();
    const created = await (await create({ url: receiver.url, events: ["nda.accepted"] })).json();
    expect((await test(created.id)).status).toBe(200);
    await signIn();
    expect((await remove(created.id)).status).toBe(404);
    expect((await test(created.id)).status).toBe(404);
    expect((await remove("../etc")).status).toBe(404);
    expect(await db.webhookEndpoint.count()).toBe(1);
    session.user = { ...session.user!, id: (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })).userId };
    expect((await remove(created.id)).status).toBe(204);
    expect(await db.webhookEndpoint.count()).toBe(0);
    expect(await db.webhookDelivery.count()).toBe(0);
    expect(await db.webhookAttempt.count()).toBe(0);
  });

  it("'Send test event' delivers a signed POST now and logs it", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    await signIn();
    const created = await (await create({ url: receiver.url, events: ["link.revoked"] })).json();
    const res = await test(created.id);
    expect(res.status).toBe(200);
    const delivery = await res.json();
    expect(delivery).toMatchObject({ type: "webhook.test", status: "delivered", attempts: [{ attempt: 1, ok: true, statusCode: 200, error: null }] });
    expect(receiver.received).toHaveLength(1);
    const [req] = receiver.received;
    expect(req.path).toBe("/hooks");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["ideavault-event"]).toBe("webhook.test");
    expect(verifySignature(created.secret, String(req.headers["ideavault-signature"]), req.body)).toBe(true);
    // Another secret, or a changed body, does not verify.
    expect(verifySignature(`${created.secret}x`, String(req.headers["ideavault-signature"]), req.body)).toBe(false);
    expect(verifySignature(created.secret, String(req.headers["ideavault-signature"]), req.body.replace("test", "tost"))).toBe(false);
    expect(JSON.parse(req.body)).toEqual({
      id: delivery.eventId,
      type: "webhook.test",
      createdAt: expect.any(String),
      data: { endpointId: created.id, message: expect.any(String) },
    });
    const [listed] = await (await list()).json();
    expect(listed.deliveries).toEqual([delivery]);
  });

  it("rate-limits 'Send test event'", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    await signIn();
    const created = await (await create({ url: receiver.url, events: ["link.revoked"] })).json();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await test(created.id)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it("deleting the account takes its endpoints, deliveries and log (cascade from User)", async () => {
    setEnv({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    const user = await signIn();
    const created = await (await create({ url: receiver.url, events: ["link.revoked"] })).json();
    expect((await test(created.id)).status).toBe(200);
    await db.user.delete({ where: { id: user.id } });
    expect([await db.webhookEndpoint.count(), await db.webhookDelivery.count(), await db.webhookAttempt.count()]).toEqual([0, 0, 0]);
  });

  it("GET /api/cron/webhooks needs the cron secret", async () => {
    setEnv({ CRON_SECRET: "a-cron-secret-of-some-length" });
    expect((await CRON(new Request("http://localhost/api/cron/webhooks"), noParams)).status).toBe(401);
    const ok = await CRON(new Request("http://localhost/api/cron/webhooks", { headers: { authorization: "Bearer a-cron-secret-of-some-length" } }), noParams);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ attempts: 0, sweep: { pruned: 0, adopted: 0 } });
  });
});
