import { spawnSync } from "node:child_process";
import path from "node:path";

export type OtsTree = { msg: string; attestations: string[]; ops: [string, OtsTree][] };
export type OtsDescription = { hash: string; digest: string; tree: OtsTree } | { error: string };

const PYTHON = "/usr/bin/python3";

/** Parses each .ots with python-opentimestamps (see ots_info.py). One python process for the whole list. */
export function describeWithPython(files: Buffer[]): OtsDescription[] {
  const run = spawnSync(PYTHON, [path.join(__dirname, "ots_info.py")], {
    input: JSON.stringify(files.map((f) => f.toString("base64"))),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error || run.status !== 0) {
    throw new Error(
      `${PYTHON} could not run tests/fakes/ots_info.py (${run.error?.message ?? run.stderr.trim()}). ` +
        "Install the reference library: apt-get install -y python3-opentimestamps",
    );
  }
  return JSON.parse(run.stdout) as OtsDescription[];
}
