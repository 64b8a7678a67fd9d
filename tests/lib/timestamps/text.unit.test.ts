import { timestampLine } from "@/lib/timestamps/text";

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
