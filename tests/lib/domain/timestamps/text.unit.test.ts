import { certificateTimestampText, intervalInWords, proofStateLine, timestampLine, timestampNextStep, rfc3161Line } from "@/lib/domain/timestamps/text";

describe("timestampLine", () => {
  const formats = { date: (iso: string) => `day ${iso.slice(0, 10)}`, time: (iso: string) => `moment ${iso}` };
  const summary = { createdAt: "2026-11-01T10:00:00Z", submittedAt: null, bitcoinHeight: null, bitcoinTime: null, lastError: null };
  const details = { digest: "ab", queuedAt: "2026-11-01T10:00:00Z", submittedAt: null, calendars: [], bitcoin: null, error: null };

  it("says it is waiting for the timestamp servers while no calendar accepted the digest, never the raw error", () => {
    const refused = "0 of 4 calendars accepted the digest (2 needed): a.pool.opentimestamps.org: ENOTFOUND";
    const waiting = { tone: "pending", text: "Waiting to reach the timestamp servers — we retry every 10 minutes" };
    expect(timestampLine({ ...summary, status: "queued" }, formats)).toEqual(waiting);
    expect(timestampLine({ ...summary, status: "queued", lastError: refused, retryEverySeconds: 600 }, formats)).toEqual(waiting);
    expect(timestampLine({ ...details, status: "queued", error: refused }, formats)).toEqual(waiting);
    // A published version whose proof row is not written yet.
    expect(timestampLine({ status: "queued" })).toEqual(waiting);
  });

  it("names the server's own retry interval in words", () => {
    const at = (retryEverySeconds: number) => timestampLine({ ...summary, status: "queued", retryEverySeconds }, formats).text;
    expect(at(60)).toBe("Waiting to reach the timestamp servers — we retry every 1 minute");
    expect(at(3600)).toBe("Waiting to reach the timestamp servers — we retry every 1 hour");
    expect(at(7200)).toBe("Waiting to reach the timestamp servers — we retry every 2 hours");
    expect(at(90)).toBe("Waiting to reach the timestamp servers — we retry every 90 seconds");
    expect(intervalInWords(1)).toBe("1 second");
  });

  it("says how many servers accepted the digest, and when, once submitted", () => {
    const submittedAt = "2026-11-01T10:00:05Z";
    expect(timestampLine({ ...details, status: "pending", submittedAt, calendars: ["a", "b", "c"], error: "calendar c: HTTP 500" }, formats)).toEqual({
      tone: "pending",
      text: `Submitted to 3 servers at moment ${submittedAt}; Bitcoin confirms within a few hours`,
    });
    expect(timestampLine({ ...summary, status: "pending", submittedAt, calendars: ["a"] }, formats).text).toBe(
      `Submitted to 1 server at moment ${submittedAt}; Bitcoin confirms within a few hours`,
    );
  });

  it("names the block and day of an anchored proof, from the list's summary and from the details", () => {
    const anchored = { ...summary, status: "confirmed" as const, submittedAt: "2026-11-01T10:00:05Z", bitcoinHeight: 870001, bitcoinTime: "2026-11-01T12:00:00Z" };
    expect(timestampLine(anchored, formats)).toEqual({ tone: "anchored", text: "Anchored in Bitcoin block 870001 on day 2026-11-01" });
    const bitcoin = { height: 870002, blockHash: "00", time: "2026-11-02T12:00:00Z" };
    expect(timestampLine({ ...details, status: "confirmed", bitcoin }, formats).text).toBe("Anchored in Bitcoin block 870002 on day 2026-11-02");
    expect(timestampLine(anchored).text).toMatch(/^Anchored in Bitcoin block 870001 on \S+/);
  });

  it("says why it failed in words, not the raw error", () => {
    const lastError = "Timestamping gave up after 150 attempts: 0 of 2 calendars accepted the digest (2 needed): ECONNREFUSED";
    expect(timestampLine({ ...summary, status: "failed", lastError }, formats)).toEqual({
      tone: "failed",
      text: "Timestamp failed — the timestamp servers could not be reached",
    });
    expect(timestampLine({ ...details, status: "failed", submittedAt: "2026-11-01T10:00:05Z", error: "block 1 does not commit" }, formats).text).toBe(
      "Timestamp failed — Bitcoin could not confirm the proof",
    );
  });
});

/** The proof's state in the words of every other place that says it: written once in lib/domain/timestamps/text.ts. */
describe("a proof's state in words, everywhere else", () => {
  const row = { submittedAt: new Date("2026-11-20T10:00:00.123Z"), bitcoinHeight: null, bitcoinTime: null, lastError: null };
  const confirmed = { ...row, status: "confirmed" as const, bitcoinHeight: 870001, bitcoinTime: new Date("2026-11-20T12:30:05Z") };

  it("the evidence pack's HOW-TO-VERIFY.txt and the account export's README keep their sentences", () => {
    const ots = "versions/v1/idea-3.html.ots";
    expect(proofStateLine({ ...row, status: "queued" }, null, "a new pack")).toBe(
      "No proof yet: the digest is queued for the OpenTimestamps calendars. Download a new pack later for its .ots.",
    );
    expect(proofStateLine({ ...row, status: "queued" }, null, "your data")).toBe(
      "no proof yet: the digest is queued for the OpenTimestamps calendars. Download your data again later for the .ots.",
    );
    expect(proofStateLine({ ...row, status: "pending" }, ots, "a new pack")).toBe(
      `Proof pending (${ots}): the calendars hold it, a Bitcoin block does not yet. 'ots upgrade' completes it later.`,
    );
    expect(proofStateLine({ ...row, status: "pending" }, ots, "your data")).toBe(
      `proof pending (${ots}): the calendars hold it, a Bitcoin block does not yet. 'ots upgrade' completes it later.`,
    );
    expect(proofStateLine(confirmed, ots, "a new pack")).toBe(`Proof confirmed in Bitcoin block 870001 (2026-11-20 12:30:05 UTC): ${ots}.`);
    expect(proofStateLine(confirmed, ots, "your data")).toBe(`proof confirmed in Bitcoin block 870001 (2026-11-20 12:30:05 UTC): ${ots}`);
    expect(proofStateLine({ ...row, status: "failed", lastError: "calendars unreachable" }, ots, "a new pack")).toBe(
      `No proof: timestamping failed (calendars unreachable). The partial proof is ${ots}.`,
    );
    expect(proofStateLine({ ...row, status: "failed" }, null, "your data")).toBe("no proof: timestamping failed.");
  });

  it("the NDA certificate's timestamp line", () => {
    expect(certificateTimestampText(null)).toBe("No timestamp was recorded for this acceptance.");
    expect(certificateTimestampText({ ...row, status: "pending" })).toBe(
      "Pending: submitted to the OpenTimestamps calendars on 2026-11-20 10:00:00 UTC, waiting to be anchored in a Bitcoin block.",
    );
    expect(certificateTimestampText(confirmed)).toBe("Anchored in Bitcoin block 870001 (2026-11-20 12:30:05 UTC).");
    expect(certificateTimestampText({ ...confirmed, bitcoinHeight: null })).toBe("Anchored in the Bitcoin blockchain.");
    expect(certificateTimestampText({ ...row, submittedAt: null, status: "failed", lastError: "0 of 2 calendars accepted the digest (2 needed): ENOTFOUND" })).toBe(
      "Failed: the timestamp servers could not be reached. The record and its digests above remain valid evidence.",
    );
  });

  it("the timestamp panel's next step: what can be downloaded", () => {
    expect(timestampNextStep({ status: "queued", submittedAt: null })).toBe(
      "No proof (.ots) yet: it can be downloaded as soon as a timestamp server accepts the digest. The stamped file can be downloaded now.",
    );
    expect(timestampNextStep({ status: "pending", submittedAt: "2026-11-20T10:00:00Z" })).toBe(
      "The proof (.ots) can be downloaded now; it is complete once a Bitcoin block confirms it ('ots upgrade' completes an earlier download).",
    );
    expect(timestampNextStep({ status: "confirmed", submittedAt: "2026-11-20T10:00:00Z" })).toMatch(/^Confirmed in Bitcoin/);
    expect(timestampNextStep({ status: "failed", submittedAt: null })).toBeNull();
  });
});

describe("rfc3161Line", () => {
  const at = "2026-11-27T08:00:00.000Z";
  it("names the time and the authority's host once granted, and says nothing when tokens are off", () => {
    const iso = (s: string) => s;
    expect(rfc3161Line({ state: "granted", tsa: "freetsa.org", genTime: at, serial: "0a" }, iso)).toBe(`Timestamped at ${at} by freetsa.org (RFC 3161)`);
    expect(rfc3161Line({ state: "pending", tsa: null, genTime: null, serial: null })).toBe("RFC 3161 timestamp pending — usually within seconds");
    expect(rfc3161Line({ state: "failed", tsa: null, genTime: null, serial: null })).toMatch(/^RFC 3161 timestamp failed/);
    expect(rfc3161Line({ state: "off", tsa: null, genTime: null, serial: null })).toBeNull();
    expect(rfc3161Line(undefined)).toBeNull();
  });
});
