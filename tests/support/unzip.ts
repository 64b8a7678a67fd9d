import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Python's zipfile reads the archive (an independent reader): its CRC check and every entry's bytes (hex), in order. */
export function unzip(bytes: Buffer): { bad: string | null; names: string[]; entries: Record<string, string> } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "evidence-")), "pack.zip");
  fs.writeFileSync(file, bytes);
  const script = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "names": z.namelist(), "entries": {i.filename: z.read(i).hex() for i in z.infolist()}}))`;
  try {
    return JSON.parse(execFileSync("/usr/bin/python3", ["-c", script, file], { maxBuffer: 256 * 1024 * 1024 }).toString());
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

export const bytesOf = (hex: string) => Buffer.from(hex, "hex");
export const text = (hex: string) => bytesOf(hex).toString("utf8");
export const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
