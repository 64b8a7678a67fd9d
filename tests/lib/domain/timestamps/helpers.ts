import { db } from "@/lib/platform/db";
import { setEnv } from "../../../db-utils";
import { runDue } from "../../../jobs-utils";
import { describeWithPython, type OtsDescription, type OtsTree } from "../../../fakes/python-ots";
import { startFakeNetwork, type FakeNetwork } from "../../../fakes/network";
import { attestationsOf, parseOtsFile, type OtsTimestamp } from "@/lib/domain/timestamps/ots";

/** The same description as tests/fakes/ots_info.py, from the code under test's parser. */
export function describeWithLib(bytes: Buffer): OtsDescription {
  const file = parseOtsFile(bytes);
  const tree = (ts: OtsTimestamp): OtsTree => ({
    msg: Buffer.from(ts.msg).toString("hex"),
    attestations: attestationsOf(ts)
      .filter((a) => a.node === ts)
      .map(({ attestation: a }) => (a.kind === "pending" ? `pending ${a.uri}` : a.kind === "bitcoin" ? `bitcoin ${a.height}` : `other ${a.kind === "unknown" ? a.tag : "06869a0d73d71b45"}`))
      .sort(),
    ops: [...ts.ops]
      .map(([op, sub]): [string, OtsTree] => {
        const arg = (op as unknown as { arg?: number[] }).arg;
        return [arg ? `${op._TAG_NAME()} ${Buffer.from(arg).toString("hex")}` : op._TAG_NAME(), tree(sub)];
      })
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  });
  return { hash: file.fileHashOp._TAG_NAME(), digest: Buffer.from(file.fileDigest()).toString("hex"), tree: tree(file.timestamp) };
}

/** Every proof must read the same in python-opentimestamps (Debian's reference library) as in our code. */
export function expectSameInPython(files: Buffer[]) {
  const python = describeWithPython(files);
  expect(python).toEqual(files.map(describeWithLib));
}

/** Starts calendars and explorers on 127.0.0.1 for a test file; each test starts from a fresh chain. */
export function useFakeNetwork(opts: { calendars: number; explorers: number }) {
  const ref: { net: FakeNetwork } = {} as { net: FakeNetwork };
  beforeAll(async () => {
    ref.net = await startFakeNetwork(opts);
  });
  afterAll(async () => {
    await ref.net.close();
  });
  beforeEach(() => {
    ref.net.reset();
    configure(ref.net);
  });
  // Every proof a test leaves in the database, whatever its state, must read the same in the reference library.
  afterEach(async () => {
    const stored = await db.timestampProof.findMany({ where: { ots: { not: null } }, select: { ots: true } });
    if (stored.length) expectSameInPython(stored.map((p) => Buffer.from(p.ots!)));
  });
  return ref;
}

export function configure(net: FakeNetwork, overrides: Record<string, string> = {}) {
  setEnv({
    OTS_CALENDARS: net.calendars.map((c) => c.url).join(","),
    OTS_MIN_CALENDARS: "2",
    // Generous: a calendar on loopback answers at once unless the machine is starved, and a test about a hanging one
    // sets its own short timeout.
    OTS_TIMEOUT_MS: "15000",
    ESPLORA_URL: net.explorers.map((e) => e.url).join(","),
    ...overrides,
  });
}

/** Runs the due "stamp" jobs (all as one batch, as a worker takes them) and answers the batch's counts. */
export function runStamping() {
  return runDue("stamp", { queued: 0, submitted: 0, calendars: 0, retrying: 0, failed: 0 });
}

/** Runs the "timestamp-upgrade" jobs, first making every waiting check due (the time of its backoff has come). */
export function runUpgradeChecks(opts: { makeDue?: boolean } = { makeDue: true }) {
  return runDue("timestamp-upgrade", { checked: 0, upgraded: 0, confirmed: 0, pending: 0, failed: 0 }, opts);
}
