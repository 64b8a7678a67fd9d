import http from "node:http";
import type { AddressInfo } from "node:net";
import { sendEmail } from "@/lib/platform/email";
import { resetEnvCache } from "@/lib/platform/env";

/**
 * The Resend path of sendEmail against a fake Resend API on 127.0.0.1 (RESEND_BASE_URL): the real client makes the
 * requests. How the fake answers each request is set per test.
 */
type Answer = { status: number; body: unknown } | "hang";

let answer: Answer = { status: 200, body: { id: "mail-1" } };
const received: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
const hanging: http.ServerResponse[] = [];

const server = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk) => (raw += chunk));
  req.on("end", () => {
    received.push({ path: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(raw) });
    if (answer === "hang") {
      hanging.push(res);
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
});

const saved = { ...process.env };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.EMAIL_SEND_TIMEOUT_S = "1";
  process.env.EMAIL_FROM = "IdeaVault <no-reply@ideavault.test>";
  resetEnvCache();
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const key of ["RESEND_API_KEY", "RESEND_BASE_URL", "EMAIL_SEND_TIMEOUT_S", "EMAIL_FROM"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
});

beforeEach(() => {
  received.length = 0;
  answer = { status: 200, body: { id: "mail-1" } };
});

const mail = { to: "reader@example.com", subject: "An idea", text: "Hello", html: "<p>Hello</p>", replyTo: "owner@example.com", fromName: "Ada Founder" };

describe("sendEmail through Resend", () => {
  it("posts the mail with the sender's display name and the owner as Reply-To", async () => {
    await sendEmail(mail);
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe("/emails");
    expect(received[0].auth).toBe("Bearer re_test_key");
    expect(received[0].body).toMatchObject({ to: "reader@example.com", subject: "An idea", reply_to: "owner@example.com" });
    expect(String(received[0].body.from)).toContain("Ada Founder");
    expect(String(received[0].body.from)).toContain("no-reply@ideavault.test");
  });

  it("fails with Resend's reason when it refuses the mail", async () => {
    answer = { status: 422, body: { name: "validation_error", message: "Invalid `to` field." } };
    await expect(sendEmail(mail)).rejects.toThrow("Resend refused the e-mail: Invalid `to` field.");
  });

  it("fails once EMAIL_SEND_TIMEOUT_S passes without an answer, instead of holding the caller", async () => {
    answer = "hang";
    await expect(sendEmail(mail)).rejects.toThrow("Resend did not answer within 1 s");
    expect(received).toHaveLength(1);
  });
});
