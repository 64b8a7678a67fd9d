import { digest, fromBase64, fromHex, sha256, toHex, type DigestName } from "./bytes";
import { LogError, merkleRootOf, verifyLogChain, type Anchor, type LogAnchor } from "./log-chain";
import { otsHash, otsState, parseOts } from "./ots";
import { TokenError, verifyTimeStampResponse } from "./rfc3161";
import { extractEntry, readCentralDirectory } from "./zip-reader";

/**
 * Every check verify.html runs on an evidence pack, in order: the ZIP itself, each file against manifest.json (and
 * nothing missing or extra), each log's hash chain (one, or one per idea in a room's pack), each anchor's Merkle path and proofs, each RFC 3161 token and each
 * OpenTimestamps proof against the file beside it. A check that fails says which file and why; later checks still run,
 * so the list shows everything, and the first failure is the one the summary names.
 */

export type Check = { file: string; title: string; ok: boolean; detail: string };
type Report = (check: Check) => void;

const MANIFEST = "manifest.json";
/** The custodian's declaration: it names the manifest's digest, so it follows the manifest and cannot be listed in it. */
const CERTIFICATION = "certification.txt";
/** An idea's pack has one log; a room's pack has one per idea, at log/ID/log.jsonl. */
const LOG_FILE = /^log\/(?:\d+\/)?log\.jsonl$/;
const ANCHOR_FILE = /^log\/anchors\/([0-9a-f]{64})\.(ots|tsr)$/;

type ManifestFile = { path: string; sha256: string; size: number };

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

function manifestFiles(bytes: Uint8Array): ManifestFile[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new Error("it is not valid JSON");
  }
  const files = (manifest as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) throw new Error("it has no list of files");
  for (const f of files as ManifestFile[]) {
    if (!f || typeof f.path !== "string" || typeof f.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(f.sha256) || !Number.isInteger(f.size)) {
      throw new Error(`its entry ${JSON.stringify(f)} is not {path, sha256, size}`);
    }
  }
  return files as ManifestFile[];
}

/** What a proof file covers: the file it sits beside, or, for an anchor's proof, the root its name carries. */
type Covered = { label: string; digestWith: (hash: DigestName) => Promise<Uint8Array>; bytes: Uint8Array | null; root: Uint8Array | null };

function coveredBy(proofPath: string, files: Map<string, Uint8Array>): Covered {
  const target = proofPath.replace(/\.(ots|tsr)$/, "");
  const anchor = proofPath.match(ANCHOR_FILE);
  if (anchor && !files.has(target)) return rootCovered(anchor[1]);
  const bytes = files.get(target);
  if (!bytes) throw new Error(`the file it proves, ${target}, is not in the pack`);
  return { label: target, digestWith: (hash) => digest(hash, bytes), bytes, root: null };
}

function rootCovered(rootHex: string): Covered {
  const root = fromHex(rootHex)!;
  return {
    label: `root ${rootHex}`,
    digestWith: async (hash) => {
      if (hash !== "SHA-256") throw new TokenError(`it stamps a ${hash} digest where an anchor's root is a SHA-256 digest`);
      return root;
    },
    bytes: null,
    root,
  };
}

async function checkTsr(tsr: Uint8Array, covered: Covered): Promise<string> {
  let info;
  try {
    info = await verifyTimeStampResponse(tsr, covered.digestWith, covered.label);
  } catch (err) {
    // A TokenError says what failed; anything else (a DerError, a field missing where the structure needs it) means
    // the bytes are not a token at all.
    if (err instanceof TokenError) throw err;
    throw new Error(`it is not a well-formed RFC 3161 time-stamp response (${reason(err)})`);
  }
  return `Timestamped at ${info.genTime} by ${info.tsa} (RFC 3161, serial ${info.serial}); covers ${covered.label}`;
}

async function checkOts(ots: Uint8Array, covered: Covered): Promise<string> {
  const proof = await parseOts(ots);
  let expected: Uint8Array;
  if (covered.bytes) expected = await otsHash(proof.hash, covered.bytes);
  else if (proof.hash === "sha256") expected = covered.root!;
  else throw new Error(`it stamps a ${proof.hash} digest where an anchor's root is a SHA-256 digest`);
  if (toHex(proof.digest) !== toHex(expected))
    throw new Error(`the digest it proves is not the ${proof.hash} of ${covered.label} (one of the two was changed)`);
  return `${otsState(proof)}; covers ${covered.label}`;
}

type Task = { file: string; title: string; body: () => Promise<string> };

async function settle(task: Task): Promise<Check> {
  try {
    return { file: task.file, title: task.title, ok: true, detail: await task.body() };
  } catch (err) {
    return { file: task.file, title: task.title, ok: false, detail: reason(err) };
  }
}

/**
 * Runs independent checks a few at a time (WebCrypto and DecompressionStream answer asynchronously: waiting for each
 * in turn would leave the browser idle between them) and reports them in their order.
 */
async function runAll(list: Check[], report: Report, tasks: Task[], concurrency = 16): Promise<void> {
  const results: (Check | undefined)[] = new Array(tasks.length);
  let next = 0;
  let reported = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await settle(tasks[i]);
      while (reported < tasks.length && results[reported]) {
        list.push(results[reported]!);
        report(results[reported]!);
        reported++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
}

const run = (list: Check[], report: Report, file: string, title: string, body: () => Promise<string>) => runAll(list, report, [{ file, title, body }]);

/** Calls `fn` on every item, `concurrency` at a time; the first rejection rejects (after the calls under way end). */
async function eachConcurrently<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function anchorChecks(list: Check[], report: Report, logPath: string, found: LogAnchor) {
  const where = `${logPath}, anchor on line ${found.line}`;
  const a: Anchor = found.anchor;
  await run(list, report, where, "Anchor's Merkle path", async () => {
    const root = await merkleRootOf(found.head, a.path);
    if (root !== a.root)
      throw new Error(`the path from entry ${found.seq}'s hash leads to ${root}, not to the anchor's root ${a.root} (the log was rewritten)`);
    return `entry ${found.seq}'s hash is in the tree of root ${a.root} (anchored ${a.at})`;
  });
  for (const [kind, value] of [
    ["ots", a.ots],
    ["tsr", a.tsr],
  ] as const) {
    if (value === null) continue;
    await run(list, report, where, kind === "ots" ? "Anchor's OpenTimestamps proof" : "Anchor's RFC 3161 token", async () => {
      const bytes = fromBase64(value);
      if (!bytes) throw new Error(`its ${kind} is not base64`);
      return kind === "ots" ? checkOts(bytes, rootCovered(a.root)) : checkTsr(bytes, rootCovered(a.root));
    });
  }
}

export async function verifyPack(zip: Uint8Array, report: Report = () => {}): Promise<Check[]> {
  const list: Check[] = [];
  const files = new Map<string, Uint8Array>();
  await run(list, report, "the ZIP", "Read the archive", async () => {
    const entries = readCentralDirectory(zip).filter((e) => !e.name.endsWith("/"));
    const names = new Set<string>();
    for (const entry of entries) {
      if (names.has(entry.name)) throw new Error(`${entry.name} appears twice`);
      names.add(entry.name);
    }
    const extracted = new Map<string, Uint8Array>();
    await eachConcurrently(entries, 8, async (entry) => {
      try {
        extracted.set(entry.name, await extractEntry(zip, entry));
      } catch (err) {
        throw new Error(`${entry.name}: ${reason(err)}`);
      }
    });
    // In the archive's order, whatever order the entries finished in.
    for (const entry of entries) files.set(entry.name, extracted.get(entry.name)!);
    return `${entries.length} files`;
  });
  if (!list[0].ok) return list;

  let listed: ManifestFile[] = [];
  let manifestSha256 = "";
  await run(list, report, MANIFEST, "Read the manifest", async () => {
    const bytes = files.get(MANIFEST);
    if (!bytes) throw new Error("the pack has no manifest.json");
    listed = manifestFiles(bytes);
    manifestSha256 = toHex(await sha256(bytes));
    return `${listed.length} files listed; its SHA-256 is ${manifestSha256} (what the pack's own proofs, kept outside it, cover)`;
  });
  if (!list[list.length - 1].ok) return list;

  const seen = new Set<string>();
  const twice = new Set<ManifestFile>();
  for (const f of listed) {
    if (seen.has(f.path)) twice.add(f);
    seen.add(f.path);
  }
  await runAll(
    list,
    report,
    listed.map((f) => ({
      file: f.path,
      title: "SHA-256 as listed in manifest.json",
      body: async () => {
        if (twice.has(f)) throw new Error("manifest.json lists it twice");
        const bytes = files.get(f.path);
        if (!bytes) throw new Error("manifest.json lists it but the pack does not contain it (a file was removed)");
        const actual = toHex(await sha256(bytes));
        if (actual !== f.sha256) throw new Error(`its SHA-256 is ${actual} but manifest.json lists ${f.sha256} (the file was changed)`);
        if (bytes.length !== f.size) throw new Error(`it has ${bytes.length} bytes but manifest.json lists ${f.size}`);
        return actual;
      },
    })),
  );
  const certification = files.get(CERTIFICATION);
  if (certification && !seen.has(CERTIFICATION)) {
    await run(list, report, CERTIFICATION, "Names the manifest's SHA-256", async () => {
      if (!new TextDecoder().decode(certification).includes(manifestSha256)) {
        throw new Error(`it does not name the manifest's SHA-256 ${manifestSha256} (the declaration is of another pack, or was changed)`);
      }
      return manifestSha256;
    });
  }
  for (const name of files.keys()) {
    if (name === MANIFEST || name === CERTIFICATION || seen.has(name)) continue;
    await run(list, report, name, "Listed in manifest.json", async () => {
      throw new Error("the pack contains it but manifest.json does not list it (a file was added)");
    });
  }

  const logs = [...files.keys()].filter((name) => LOG_FILE.test(name));
  const anchorRoots = new Set<string>();
  for (const logPath of logs) {
    const log = files.get(logPath)!;
    let anchors: LogAnchor[] = [];
    await run(list, report, logPath, "Hash chain", async () => {
      try {
        const chain = await verifyLogChain(new TextDecoder().decode(log));
        anchors = chain.anchors;
        return `${chain.entries} entries, each linked to the one before; head ${chain.head}; ${anchors.length} anchors`;
      } catch (err) {
        if (err instanceof LogError) throw err;
        throw new Error(`it cannot be read (${reason(err)})`);
      }
    });
    for (const found of anchors) {
      anchorRoots.add(found.anchor.root);
      await anchorChecks(list, report, logPath, found);
    }
  }

  const proofs = [...files.keys()].filter((n) => /\.(ots|tsr)$/.test(n)).sort((a, b) => Number(a.endsWith(".ots")) - Number(b.endsWith(".ots")));
  await runAll(
    list,
    report,
    proofs.map((name) => {
      const isOts = name.endsWith(".ots");
      return {
        file: name,
        title: isOts ? "OpenTimestamps proof" : "RFC 3161 time-stamp token",
        body: async () => {
          const anchor = name.match(ANCHOR_FILE);
          if (anchor && logs.length && !anchorRoots.has(anchor[1])) throw new Error(`no anchor in ${logs.join(", ")} has the root ${anchor[1]}`);
          const covered = coveredBy(name, files);
          return isOts ? checkOts(files.get(name)!, covered) : checkTsr(files.get(name)!, covered);
        },
      };
    }),
  );
  return list;
}

/** The sentence the page ends with. */
export function summary(list: Check[]): string {
  const failed = list.filter((c) => !c.ok);
  if (!failed.length) return `All ${list.length} checks passed`;
  const first = failed[0];
  const more = failed.length > 1 ? ` (${failed.length} of ${list.length} checks failed)` : "";
  return `Check failed: ${first.file}: ${first.detail}${more}`;
}
