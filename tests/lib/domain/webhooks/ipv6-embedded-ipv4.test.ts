import dns from "node:dns/promises";
import { errorToResponse } from "@/lib/platform/http/errors";
import { db } from "@/lib/platform/db";
import { createWebhook } from "@/lib/domain/webhooks/endpoints";
import { isPrivateAddress, resolveWebhookTarget } from "@/lib/domain/webhooks/address";
import { postWebhook } from "@/lib/domain/webhooks/post";
import { createUser } from "../../../factories";
import { setEnv } from "../../../db-utils";

/**
 * IPv6 spellings that carry an IPv4 address in their last 32 bits: IPv4-compatible (::/96) and IPv4-translated
 * (::ffff:0:0:0/96). The URL parser rewrites the dotted ones into hex, so [::127.0.0.1] reaches the check as ::7f00:1.
 */
const SPELLINGS = [
  ["IPv4-compatible loopback, dotted", "https://[::127.0.0.1]/", "::7f00:1"],
  ["IPv4-compatible cloud metadata (169.254.169.254)", "https://[::a9fe:a9fe]/", "::a9fe:a9fe"],
  ["IPv4-translated loopback, dotted", "https://[::ffff:0:127.0.0.1]/", "::ffff:0:7f00:1"],
  ["IPv4-translated loopback, hex", "https://[::ffff:0:7f00:1]/", "::ffff:0:7f00:1"],
] as const;

beforeEach(() => setEnv({ WEBHOOKS_ALLOW_PRIVATE: "false" }));
afterEach(() => jest.restoreAllMocks());

/** The 400 an endpoint URL gets when saved, as the route would answer it. */
async function saveRefusal(url: string) {
  const owner = await createUser();
  const err = await createWebhook(owner.id, { url, events: ["nda.accepted"] }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!err) return null;
  const res = errorToResponse(err);
  return { status: res.status, error: ((await res.json()) as { error: string }).error };
}

describe("IPv6 addresses that embed a private IPv4 one", () => {
  it.each(SPELLINGS)("%s (%s) is refused when saved, with the same 400 as its IPv4 address", async (_name, url) => {
    const plain = await saveRefusal("https://127.0.0.1/");
    expect(plain).toEqual({ status: 400, error: expect.stringMatching(/private network/) });
    expect(await saveRefusal(url)).toEqual(plain);
    expect(await db.webhookEndpoint.count()).toBe(0);
  });

  it.each(SPELLINGS)("%s is refused at delivery, typed in the URL or answered by DNS (%s → %s)", async (_name, url, resolved) => {
    expect(isPrivateAddress(resolved)).toBe(true);
    await expect(resolveWebhookTarget(url)).rejects.toThrow(/private network/);

    // A name that passed when saved and now resolves to the embedded address (DNS rebinding): the delivery's own
    // lookup is checked with the same rule, and no connection is made.
    const lookup = jest.spyOn(dns, "lookup").mockResolvedValue([{ address: resolved, family: 6 }] as never);
    await expect(resolveWebhookTarget("https://hooks.example.com/in")).rejects.toThrow(/private network/);
    const outcome = await postWebhook("https://hooks.example.com/in", "{}", {});
    expect(outcome).toMatchObject({ kind: "error", refused: true, error: expect.stringMatching(/^Refused: .*private network/) });
    expect(lookup).toHaveBeenCalledWith("hooks.example.com", expect.anything());
  });

  it("judges each embedded address as its IPv4 address would be, and leaves other IPv6 addresses alone", () => {
    for (const a of ["::10.0.0.1", "::c0a8:101", "::ffff:0:10.0.0.1", "::ffff:0:a9fe:a9fe", "0:0:0:0:0:ffff:7f00:1", "::0.0.0.2", "::ffff:0:0:0"])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ["::8.8.8.8", "::808:808", "::ffff:0:8.8.8.8", "::ffff:0:808:808", "::ffff:808:808", "2606:4700:4700::1111"])
      expect([a, isPrivateAddress(a)]).toEqual([a, false]);
    // IPv6's own unspecified and loopback addresses keep their IPv6 rule.
    expect(isPrivateAddress("::")).toBe(true);
    expect(isPrivateAddress("::1")).toBe(true);
  });
});
