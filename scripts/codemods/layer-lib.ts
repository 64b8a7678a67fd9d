/**
 * Regroups lib/ into layers (lib/platform, lib/domain, lib/features) and moves the UI kit to client/, then rewrites
 * every path that names a moved file: import specifiers ("@/lib/…" and relative ones, in `import`, `export … from`,
 * `import()`, `require()`, `jest.mock()` and `jest.requireActual()`), paths written in strings and comments
 * ("lib/reader/render-worker.ts", "tests/lib/server/fixtures/instance.ts"), and `__dirname`-relative paths in moved
 * files. Driven by the tables below; safe to run again (a row whose source is gone is skipped).
 *
 *   npx tsx scripts/codemods/layer-lib.ts            # move and rewrite
 *   npx tsx scripts/codemods/layer-lib.ts --dry-run  # print what would move, change nothing
 *
 * A folder created under lib/ after these tables were written is not moved: the script names it at the end. Add it
 * to LATER_FOLDERS (or MAPPING) and run again; tests/lib/layers.unit.test.ts fails until every lib/ folder sits in a
 * layer.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const DRY_RUN = process.argv.includes("--dry-run");

/**
 * Old path → new path, a file or a folder (no trailing slash). A file row wins over the row of its folder. Files
 * keep their names unless a row renames them.
 */
const MAPPING: readonly (readonly [string, string])[] = [
  // client/: React hooks, the request kit, the server's hydration helper and the class-name helper.
  ["lib/client/date-format.ts", "lib/platform/format/date-format.ts"], // pure, and server code prints dates too
  ["lib/client", "client"],
  ["lib/server/query-state.ts", "client/query-state.ts"],
  ["lib/utils.ts", "client/utils.ts"],
  ["lib/tailwind-merge-config.ts", "client/tailwind-merge-config.ts"],

  // platform: no knowledge of ideas, shares or recipients.
  ["lib/env.ts", "lib/platform/env/index.ts"],
  ["lib/server/local-secrets.ts", "lib/platform/env/local-secrets.ts"],
  ["lib/server/shutdown.ts", "lib/platform/process/shutdown.ts"],
  ["lib/db.ts", "lib/platform/db/index.ts"],
  ["lib/db-config.ts", "lib/platform/db/config.ts"],
  ["lib/server", "lib/platform/server"],
  ["lib/api/errors.ts", "lib/platform/http/errors.ts"],
  ["lib/recipients/device.ts", "lib/platform/http/device.ts"],
  ["lib/http", "lib/platform/http"],
  ["lib/crypto", "lib/platform/crypto"],
  ["lib/storage", "lib/platform/storage"],
  ["lib/auth/email.ts", "lib/platform/email/address.ts"],
  ["lib/email", "lib/platform/email"],
  ["lib/rate-limit", "lib/platform/rate-limit"],
  ["lib/zip", "lib/platform/zip"],
  ["lib/uploads", "lib/platform/uploads"],
  ["lib/pdf", "lib/platform/pdf"],

  // domain: the product's rules and records.
  ["lib/api/route-id.ts", "lib/domain/validation/route-id.ts"],
  ["lib/nda/printable.ts", "lib/domain/validation/printable-text.ts"],
  ["lib/nda/agreement.ts", "lib/domain/validation/agreement-text.ts"],
  ["lib/nda/own-agreement.ts", "lib/domain/validation/own-agreement.ts"],
  ["lib/validation", "lib/domain/validation"],
  ["lib/shares/gate.ts", "lib/domain/gate/index.ts"],
  ["lib/shares/address-rules.ts", "lib/domain/gate/address-rules.ts"],
  ["lib/shares/link-state.ts", "lib/domain/gate/link-state.ts"],
  ["lib/shares/lookup.ts", "lib/domain/gate/lookup.ts"],
  ["lib/shares/secrets.ts", "lib/domain/gate/secrets.ts"],
  ["lib/shares/share-type.ts", "lib/domain/gate/share-type.ts"],
  ["lib/shares/shown-version.ts", "lib/domain/gate/shown-version.ts"],
  ["lib/shares/view-link.ts", "lib/domain/gate/view-link.ts"],
  ["lib/shares/passcode.ts", "lib/domain/recipients/passcode.ts"],
  ["lib/shares", "lib/domain/shares"],
  ["lib/files/marked-copy.ts", "lib/domain/reader/marked-copy.ts"],
  ["lib/files/serve.ts", "lib/domain/reader/serve.ts"],
  ["lib/files", "lib/domain/files"],
  ["lib/reader", "lib/domain/reader"],
  ["lib/timestamps/index.ts", "lib/domain/evidence/proofs.ts"],
  ["lib/timestamps/backfill.ts", "lib/domain/evidence/backfill.ts"],
  ["lib/timestamps/jobs.ts", "lib/domain/evidence/jobs.ts"],
  ["lib/timestamps/scheduler.ts", "lib/domain/evidence/scheduler.ts"],
  ["lib/timestamps", "lib/domain/timestamps"],
  ["lib/nda/evidence.ts", "lib/domain/evidence/nda-evidence.ts"],
  ["lib/evidence", "lib/domain/evidence"],
  ["lib/ideas", "lib/domain/ideas"],
  ["lib/activity", "lib/domain/activity"],
  ["lib/webhooks", "lib/domain/webhooks"],
  ["lib/notifications", "lib/domain/notifications"],
  ["lib/auth", "lib/domain/auth"],
  ["lib/nda", "lib/domain/agreements"],
  ["lib/agreements", "lib/domain/agreements"],
  ["lib/recipients", "lib/domain/recipients"],
  ["lib/comments", "lib/domain/comments"],
  ["lib/engagement", "lib/domain/engagement"],

  // features: what composes the domain for one kind of caller or one product feature; nothing in lib/ builds on them.
  ["lib/api", "lib/features/api"],
  ["lib/account", "lib/features/account"],
  ["lib/profile", "lib/features/profile"],
  ["lib/waitlist", "lib/features/waitlist"],
];

/**
 * Folders that other branches add under lib/ after MAPPING was written. Place each in the lowest layer its imports
 * allow (tests/lib/layers.unit.test.ts says which import breaks the order) and run the script again.
 */
const LATER_FOLDERS: readonly (readonly [string, string])[] = [
  // The queue (pg-boss, job names and payloads) is platform; the worker runs domain jobs, so it sits above them.
  ["lib/jobs/worker.ts", "lib/features/jobs/worker.ts"],
  ["lib/jobs", "lib/platform/jobs"],
];

/** Top-level entries of lib/ that stay where they are. */
const KEPT = new Set(["lib/platform", "lib/domain", "lib/features", "lib/generated"]);

/** Files whose text is scanned for paths (tracked files only; package-lock.json, lib/generated and the applied
 * migrations, which are history, are not). */
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|sh|css|ya?ml|prisma)$/;
const SKIPPED = /^(package-lock\.json|lib\/generated\/)/;
const CODE_EXTENSIONS = [".ts", ".tsx", ".d.ts", ".mts", ".js", ".mjs"];

type Row = { from: string; to: string; isFile: boolean };

function rows(): Row[] {
  const all = [...MAPPING, ...LATER_FOLDERS];
  const out: Row[] = [];
  for (const [from, to] of all) {
    const isFile = /\.[a-z]+$/.test(path.posix.basename(from));
    out.push({ from, to, isFile });
    // tests/ mirrors lib/: a moved folder's tests move with it.
    if (!isFile && from.startsWith("lib/")) {
      out.push({ from: `tests/${from}`, to: `tests/${to}`, isFile: false });
    }
  }
  return out;
}

const ROWS = rows();
const FILE_ROWS = new Map(ROWS.filter((r) => r.isFile).map((r) => [r.from, r.to]));
/** Longest folder first, so a nested row wins over its parent. */
const FOLDER_ROWS = ROWS.filter((r) => !r.isFile).sort((a, b) => b.from.length - a.from.length);

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function trackedFiles(): string[] {
  return git("ls-files", "-z").split("\0").filter((f) => f !== "" && fs.existsSync(path.join(ROOT, f)));
}

/** The new path of a file by the tables alone (null when no row covers it). */
function tableTarget(file: string): string | null {
  const direct = FILE_ROWS.get(file);
  if (direct) return direct;
  for (const row of FOLDER_ROWS) {
    if (file === row.from) return row.to;
    if (file.startsWith(`${row.from}/`)) return row.to + file.slice(row.from.length);
  }
  return null;
}

/** Every tracked file that moves, old → new. */
function plannedMoves(files: readonly string[]): Map<string, string> {
  const moves = new Map<string, string>();
  for (const file of files) {
    if (SKIPPED.test(file)) continue;
    const to = tableTarget(file);
    if (to && to !== file) moves.set(file, to);
  }
  const targets = new Map<string, string>();
  for (const [from, to] of moves) {
    const clash = targets.get(to);
    if (clash) throw new Error(`Two files would move to ${to}: ${clash} and ${from}`);
    if (fs.existsSync(path.join(ROOT, to)) && !moves.has(to)) throw new Error(`${from} would overwrite ${to}`);
    targets.set(to, from);
  }
  return moves;
}

function stripExtension(file: string): { stem: string; ext: string } {
  for (const ext of CODE_EXTENSIONS.slice().sort((a, b) => b.length - a.length)) {
    if (file.endsWith(ext)) return { stem: file.slice(0, -ext.length), ext };
  }
  return { stem: file, ext: "" };
}

/** A module path as a specifier names it: without its extension, and a folder's index.ts as the folder. */
function asSpecifierPath(file: string): string {
  const { stem } = stripExtension(file);
  return stem.endsWith("/index") ? stem.slice(0, -"/index".length) : stem;
}

/**
 * The new form of a repository path as written in text (a file with or without its extension, a folder with or
 * without a trailing slash), or null when it does not move. `moves` holds the files of this run; a path naming no
 * existing file (a comment about a removed file) falls back to the folder rows.
 */
function mapRepoPath(written: string, moves: ReadonlyMap<string, string>): string | null {
  const slash = written.endsWith("/") ? "/" : "";
  const p = slash ? written.slice(0, -1) : written;
  const known = (file: string) => moves.get(file) ?? FILE_ROWS.get(file) ?? null;
  // A file named with its extension.
  const exact = known(p);
  if (exact) return exact + slash;
  // A module named without its extension, or a folder named by its index file.
  for (const ext of [".ts", ".tsx", ".mts", ".js", ".mjs"]) {
    const file = known(p + ext);
    if (file) return asSpecifierPath(file);
    const index = known(`${p}/index${ext}`);
    if (index) return asSpecifierPath(index);
  }
  for (const row of FOLDER_ROWS) {
    if (p === row.from) return row.to + slash;
    if (p.startsWith(`${row.from}/`)) {
      // A file that is not in this run (already gone or not yet written): keep its name under the folder's target.
      return row.to + p.slice(row.from.length) + slash;
    }
  }
  return null;
}

/** The project file a relative path from `dir` names, as written (possibly without extension). */
function relativeTarget(dir: string, spec: string): string {
  return path.posix.normalize(path.posix.join(dir, spec));
}

function relativeSpecifier(fromDir: string, target: string): string {
  let rel = path.posix.relative(fromDir, target);
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return rel;
}

/** An existing file (or folder index) for a relative path as written, looked up among the files before the moves. */
function resolveOld(written: string, oldFiles: ReadonlySet<string>): string | null {
  if (oldFiles.has(written)) return written;
  for (const ext of [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"]) {
    if (oldFiles.has(written + ext)) return written + ext;
    if (oldFiles.has(`${written}/index${ext}`)) return `${written}/index${ext}`;
  }
  return null;
}

const ALIAS_TOKEN = /@\/((?:tests\/)?lib\/[\w\-./[\]]*)/g;
const PATH_TOKEN = /(?<![\w@/.\-])(\.\/)?((?:tests\/)?lib\/[\w\-./[\]]*)/g;
const RELATIVE_IN_CODE =
  /((?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+|jest\.(?:mock|doMock|unmock|requireActual|requireMock)\s*\(\s*|__dirname\s*,\s*)(["'`]))(\.{1,2}(?:\/[^"'`\n]*)?)\2/g;

function trimTrailingDots(token: string): { core: string; tail: string } {
  const m = /^(.*?)([.]*)$/.exec(token)!;
  return { core: m[1], tail: m[2] };
}

function rewriteText(
  text: string,
  oldFile: string,
  newFile: string,
  moves: ReadonlyMap<string, string>,
  oldFiles: ReadonlySet<string>,
): string {
  let out = text;
  // Relative specifiers and __dirname-relative paths: resolved from where the file was, written from where it is.
  const oldDir = path.posix.dirname(oldFile);
  const newDir = path.posix.dirname(newFile);
  out = out.replace(RELATIVE_IN_CODE, (whole, lead: string, quote: string, spec: string) => {
    const written = relativeTarget(oldDir, spec);
    const target = resolveOld(written, oldFiles);
    let newTarget: string;
    if (target) {
      const moved = moves.get(target);
      if (!moved && oldDir === newDir) return whole;
      const to = moved ?? target;
      // Written with its extension: keep it; otherwise as a module specifier (a folder's index as the folder).
      newTarget = written === target ? to : asSpecifierPath(to);
    } else {
      // A folder or the repository root (`path.resolve(__dirname, "../..")`), or a file outside git.
      const mapped = mapRepoPath(written, moves);
      if (!mapped && oldDir === newDir) return whole;
      newTarget = mapped ?? written;
    }
    const next = relativeSpecifier(newDir, newTarget);
    return next === spec ? whole : `${lead}${next}${quote}`;
  });
  // "@/lib/…" anywhere (imports, jest.mock, messages).
  out = out.replace(ALIAS_TOKEN, (whole, p: string) => {
    const { core, tail } = trimTrailingDots(p);
    const mapped = mapRepoPath(core, moves);
    return mapped ? `@/${mapped}${tail}` : whole;
  });
  // Repository paths written out ("lib/reader/render-worker.ts", "tests/lib/server/fixtures"), in code and prose.
  out = out.replace(PATH_TOKEN, (whole, dot: string | undefined, p: string) => {
    const { core, tail } = trimTrailingDots(p);
    const mapped = mapRepoPath(core, moves);
    return mapped ? `${dot ?? ""}${mapped}${tail}` : whole;
  });
  return out;
}

function main() {
  const before = trackedFiles();
  const oldFiles = new Set(before);
  const moves = plannedMoves(before);

  if (DRY_RUN) {
    for (const [from, to] of moves) console.log(`${from} -> ${to}`);
  } else {
    for (const [from, to] of moves) {
      fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
      git("mv", from, to);
    }
  }

  const newToOld = new Map([...moves].map(([from, to]) => [to, from]));
  const after = DRY_RUN ? before : trackedFiles();
  let changed = 0;
  for (const file of after) {
    if (SKIPPED.test(file) || !TEXT_FILE.test(file) || file === "scripts/codemods/layer-lib.ts") continue;
    const oldFile = newToOld.get(file) ?? file;
    const abs = path.join(ROOT, file);
    const text = fs.readFileSync(abs, "utf8");
    const next = rewriteText(text, oldFile, file, moves, oldFiles);
    if (next !== text) {
      changed++;
      if (!DRY_RUN) fs.writeFileSync(abs, next);
    }
  }

  // Empty folders left behind.
  if (!DRY_RUN) {
    for (const from of new Set([...moves.keys()].map((f) => path.posix.dirname(f)))) {
      let dir = from;
      while (dir !== "." && fs.existsSync(path.join(ROOT, dir)) && fs.readdirSync(path.join(ROOT, dir)).length === 0) {
        fs.rmdirSync(path.join(ROOT, dir));
        dir = path.posix.dirname(dir);
      }
    }
  }

  console.log(`${moves.size} files moved, ${changed} files rewritten${DRY_RUN ? " (dry run: nothing written)" : ""}.`);

  const unmapped = (dir: string) =>
    fs.existsSync(path.join(ROOT, dir))
      ? fs
          .readdirSync(path.join(ROOT, dir))
          .map((name) => `${dir}/${name}`)
          .filter((entry) => !KEPT.has(entry) && !KEPT.has(entry.replace(/^tests\//, "")) && !/\.test\.ts$/.test(entry))
          .filter((entry) => !DRY_RUN || tableTarget(entry) === null)
      : [];
  const left = [...unmapped("lib"), ...unmapped("tests/lib")];
  if (left.length > 0) {
    console.log("\nNot mapped (add a row to LATER_FOLDERS or MAPPING and run again):");
    for (const entry of left) console.log(`  ${entry}`);
  }
}

main();
