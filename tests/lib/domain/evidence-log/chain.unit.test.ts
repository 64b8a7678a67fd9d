import { createHash } from "node:crypto";
import { canonicalize } from "@/lib/domain/evidence-log/canonical-json";
import { buildMerkleTree, commitment, entryHash, merkleLevelSizes, merklePathOffsets, merkleRootFromPath, merkleTreeNodes, ZERO_HASH, type LogEntry } from "@/lib/domain/evidence-log/chain";
import { verifyLog } from "@/lib/domain/evidence-log/verify";

const sha = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest("hex");

/** A valid log of n entries (seq 1..n), built the way the server builds it. */
function makeLog(n: number): LogEntry[] {
  const entries: LogEntry[] = [];
  let prev = ZERO_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const e = { seq, at: new Date(Date.UTC(2026, 10, 27, 8, 0, seq)).toISOString(), type: seq === 1 ? "link.created" : "view", data: { shareId: "s1", viewId: `v${seq}` } };
    const hash = entryHash(e, prev);
    entries.push({ ...e, prev, hash });
    prev = hash;
  }
  return entries;
}

const rehash = (e: LogEntry): LogEntry => ({ ...e, hash: entryHash(e, e.prev) });
const lines = (xs: unknown[]) => xs.map((x) => JSON.stringify(x));

describe("the hash chain", () => {
  it("hashes prev's 32 bytes followed by the RFC 8785 JSON of {seq, at, type, data}", () => {
    const e = { seq: 1, at: "2026-11-27T08:00:00.000Z", type: "view", data: { b: 2, a: "é" } };
    const expected = sha(Buffer.alloc(32), Buffer.from('{"at":"2026-11-27T08:00:00.000Z","data":{"a":"é","b":2},"seq":1,"type":"view"}', "utf8"));
    expect(entryHash(e, ZERO_HASH)).toBe(expected);
    expect(canonicalize(e)).toBe('{"at":"2026-11-27T08:00:00.000Z","data":{"a":"é","b":2},"seq":1,"type":"view"}');
  });

  it("commits to a personal value with its salt: SHA-256(salt ‖ UTF-8 value)", () => {
    const salt = "00112233445566778899aabbccddeeff";
    expect(commitment(salt, "Ada Lovelace")).toBe(sha(Buffer.from(salt, "hex"), Buffer.from("Ada Lovelace")));
    expect(commitment(salt, "Ada Lovelace")).not.toBe(commitment("ff".repeat(16), "Ada Lovelace"));
  });
});

describe("verifyLog", () => {
  it("accepts an intact log, empty or not", () => {
    const log = makeLog(5);
    expect(verifyLog(lines(log))).toEqual({ valid: true, entries: 5, anchors: 0, head: { seq: 5, hash: log[4].hash } });
    expect(verifyLog([])).toEqual({ valid: true, entries: 0, anchors: 0, head: null });
  });

  it("names an edited entry (its hash no longer matches)", () => {
    const log = makeLog(5);
    log[2] = { ...log[2], data: { ...log[2].data, viewId: "forged" } };
    expect(verifyLog(lines(log))).toMatchObject({ valid: false, seq: 3, line: 3, reason: "the entry does not match its hash" });
  });

  it("names the entry after an edited one whose hash was recomputed (its prev no longer matches)", () => {
    const log = makeLog(5);
    log[1] = rehash({ ...log[1], type: "link.revoked" });
    expect(verifyLog(lines(log))).toMatchObject({ valid: false, seq: 3 });
  });

  it("names a deleted entry by its number", () => {
    const log = makeLog(5);
    log.splice(3, 1);
    expect(verifyLog(lines(log))).toMatchObject({ valid: false, seq: 4, reason: "entry 4 is missing (found 5)" });
  });

  it("catches an insertion, renumbered and rehashed after it, at the inserted entry", () => {
    const log = makeLog(4);
    const inserted = rehash({ ...log[2], at: "2026-11-27T08:00:02.500Z", data: { shareId: "s1", viewId: "inserted" }, prev: log[1].hash });
    const forged = [log[0], log[1], inserted, ...log.slice(2).map((e) => rehash({ ...e, seq: e.seq + 1 }))];
    // Entry 4 (the old 3) still names entry 2's hash as its prev.
    expect(verifyLog(lines(forged))).toMatchObject({ valid: false, seq: 4, reason: "prev is not the hash of entry 3" });
    // Inserted with a seq of its own: a repeated number.
    expect(verifyLog(lines([log[0], log[1], { ...log[1], data: { x: 1 } }, log[2]]))).toMatchObject({ valid: false, seq: 3, line: 3 });
  });

  it("names the first entry out of place when two are swapped", () => {
    const log = makeLog(5);
    [log[1], log[2]] = [log[2], log[1]];
    expect(verifyLog(lines(log))).toMatchObject({ valid: false, seq: 2, reason: "entry 2 is missing (found 3)" });
  });

  it("checks an anchor against the entry before it, and catches a rewrite made after the anchor", () => {
    const log = makeLog(6);
    // Three logs' heads, this one's (entry 4) in the middle.
    const tree = buildMerkleTree([sha(Buffer.from("a")), log[3].hash, sha(Buffer.from("c"))]);
    const anchor = { anchor: { root: tree.root, path: tree.paths[1], at: "2026-11-27T09:00:00.000Z", ots: null, tsr: null } };
    const good = [...log.slice(0, 4), anchor, ...log.slice(4)];
    expect(verifyLog(lines(good))).toMatchObject({ valid: true, entries: 6, anchors: 1 });

    // Entry 2 rewritten and every later hash recomputed: the chain alone looks fine, the anchor does not.
    const rewritten: LogEntry[] = [log[0]];
    for (const e of log.slice(1)) {
      const prev = rewritten[rewritten.length - 1].hash;
      rewritten.push(rehash({ ...e, prev, data: e.seq === 2 ? { shareId: "s1", viewId: "rewritten" } : e.data }));
    }
    expect(verifyLog(lines(rewritten))).toMatchObject({ valid: true });
    expect(verifyLog(lines([...rewritten.slice(0, 4), anchor, ...rewritten.slice(4)]))).toMatchObject({ valid: false, seq: 4, line: 5 });
    // A changed root or path is caught too.
    const badPath = { anchor: { ...anchor.anchor, path: [{ ...tree.paths[1][0], side: "right" }, ...tree.paths[1].slice(1)] } };
    expect(verifyLog(lines([...log.slice(0, 4), badPath]))).toMatchObject({ valid: false, seq: 4 });
  });

  it("refuses malformed lines with the seq they stand at", () => {
    const log = makeLog(2);
    expect(verifyLog([...lines(log), "{not json"])).toMatchObject({ valid: false, seq: 3, line: 3, reason: "not JSON" });
    expect(verifyLog(lines([{ ...log[0], extra: 1 }]))).toMatchObject({ valid: false, seq: 1, reason: "malformed entry" });
    expect(verifyLog(lines([{ anchor: { root: ZERO_HASH, path: [], at: "x", ots: null, tsr: null } }]))).toMatchObject({ valid: false, reason: "an anchor before any entry" });
  });
});

describe("the Merkle tree of an anchor", () => {
  const heads = (n: number) => Array.from({ length: n }, (_, i) => sha(Buffer.from(`head ${i}`)));
  const leaf = (h: string) => createHash("sha256").update(Buffer.concat([Buffer.from([0]), Buffer.from(h, "hex")])).digest();
  const node = (l: Buffer, r: Buffer) => createHash("sha256").update(Buffer.concat([Buffer.from([1]), l, r])).digest();

  it("follows the convention: 0x00 leaves, 0x01 nodes, an odd node carried up unchanged", () => {
    const [a, b, c] = heads(3);
    expect(buildMerkleTree([a])).toEqual({ root: leaf(a).toString("hex"), paths: [[]] });
    const three = buildMerkleTree([a, b, c]);
    expect(three.root).toBe(node(node(leaf(a), leaf(b)), leaf(c)).toString("hex"));
    expect(three.paths[0]).toEqual([{ side: "right", hash: leaf(b).toString("hex") }, { side: "right", hash: leaf(c).toString("hex") }]);
    expect(three.paths[2]).toEqual([{ side: "left", hash: node(leaf(a), leaf(b)).toString("hex") }]);
  });

  it.each([1, 2, 3, 5, 8, 13, 100])("gives every one of %i leaves a path to the root", (n) => {
    const hs = heads(n);
    const { root, paths } = buildMerkleTree(hs);
    hs.forEach((h, i) => expect(merkleRootFromPath(h, paths[i])).toBe(root));
    if (n > 1) expect(merkleRootFromPath(hs[0], paths[1])).not.toBe(root);
  });

  // The anchor keeps the tree's nodes level by level and reads each path back from byte offsets: against a root
  // computed by plain recursion, for every size up to 40 (odd ends at every level) and every leaf.
  it("keeps the nodes level by level, and every leaf's path read from them leads to the root", () => {
    const naiveRoot = (level: Buffer[]): Buffer =>
      level.length === 1 ? level[0]! : naiveRoot(Array.from({ length: Math.ceil(level.length / 2) }, (_, i) => (level[2 * i + 1] ? node(level[2 * i]!, level[2 * i + 1]!) : level[2 * i]!)));
    for (let n = 1; n <= 40; n++) {
      const hs = heads(n);
      const { root, nodes } = merkleTreeNodes(hs);
      expect(root).toBe(naiveRoot(hs.map(leaf)).toString("hex"));
      expect(nodes.length).toBe(32 * merkleLevelSizes(n).reduce((a, b) => a + b, 0));
      expect(nodes.subarray(0, 32)).toEqual(leaf(hs[0]!));
      for (let i = 0; i < n; i++) {
        const path = merklePathOffsets(n, i).map(({ side, offset }) => ({ side, hash: nodes.toString("hex", offset, offset + 32) }));
        expect(merkleRootFromPath(hs[i]!, path)).toBe(root);
      }
    }
    expect(() => merklePathOffsets(3, 3)).toThrow("No such leaf");
    expect(() => merkleTreeNodes([])).toThrow("at least one leaf");
  });
});
