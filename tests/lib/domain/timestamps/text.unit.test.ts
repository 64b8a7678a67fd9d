import { certificateTimestampText, proofStateLine, timestampLine, timestampNextStep, rfc3161Line } from "@/lib/domain/timestamps/text";

describe("timestampLine", () => {
  it("names the block and day of an anchored proof, from the list's summary and from the details", () => {
    const summary = { status: "confirmed" as const, createdAt: "2026-11-01T10:00:00Z", submittedAt: "2026-11-01T10:00:05Z", bitcoinHeight: 870001, bitcoinTime: "2026-11-01T12:00:00Z", lastError: null };
    expect(timestampLine(summary)).toEqual({ tone: "anchored", text: expect.stringMatching(/^Anchored in Bitcoin block 870001 on \S+/) });
    const details = { status: "confirmed" as const, digest: "ab", queuedAt: "2026-11-01T10:00:00Z", submittedAt: null, calendars: [], bitcoin: { height: 870002, blockHash: "00", time: "2026-11-01T12:00:00Z" }, error: null };
    expect(timestampLine(details).text).toMatch(/^Anchored in Bitcoin block 870002 on /);
  });

  it("says failed, and pending with the day it was submitted", () => {
    const base = { createdAt: "2026-11-01T10:00:00Z", submittedAt: null, bitcoinHeight: null, bitcoinTime: null, lastError: "x" };
    expect(timestampLine({ ...base, status: "failed" })).toEqual({ tone: "failed", text: "Timestamp failed" });
    const pending = timestampLine({ ...base, status: "pending" });
    expect(pending.tone).toBe("pending");
    expect(pending.text).toMatch(/^Timestamp pending — submitted \S+/);
  });

  it("says queued, not an empty date, for a version whose proof row is not written yet", () => {
    expect(timestampLine({ status: "queued" })).toEqual({ tone: "pending", text: "Timestamp queued" });
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
  });

  it("the timestamp panel's next step", () => {
    expect(timestampNextStep({ status: "pending", submittedAt: "2026-11-20T10:00:00Z", calendars: ["a", "b"] })).toBe(
      "Submitted to 2 calendars — waiting for a Bitcoin block, usually within a few hours. The proof below is complete once the block is confirmed.",
    );
    expect(timestampNextStep({ status: "failed", submittedAt: null, calendars: [] })).toBeNull();
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
