import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway RFC 3161 time-stamp authority made with Debian's openssl CLI: a CA, and a signer certificate with the
 * extended key usage `critical,timeStamping`, answering `openssl ts -reply`. Real tokens for tests that read them
 * (verify.html's). `key: "ec"` signs with ECDSA P-256 instead of RSA.
 */
export type OpensslTsa = { dir: string; name: string; caPem: string; signerPem: string; stamp: (digest: Buffer) => Promise<Buffer>; close: () => void };

const execFileAsync = promisify(execFile);
const run = (args: string[], cwd: string) => execFileSync("openssl", args, { cwd, stdio: ["ignore", "pipe", "pipe"] });

/** A TimeStampReq for a SHA-256 digest with certReq true (RFC 3161 §2.4.1), as DER. */
export function timeStampRequest(digest: Buffer): Buffer {
  if (digest.length !== 32) throw new Error("a SHA-256 digest has 32 bytes");
  const algId = Buffer.from("300d060960864801650304020105 00".replace(/ /g, ""), "hex");
  const imprint = Buffer.concat([Buffer.from([0x30, algId.length + 34]), algId, Buffer.from([0x04, 0x20]), digest]);
  const body = Buffer.concat([Buffer.from([0x02, 0x01, 0x01]), imprint, Buffer.from([0x01, 0x01, 0xff])]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

const SLOTS = 3;

/** The `[tsa]` section `openssl ts -reply -config` reads (the fake TSA on loopback uses it too: tests/fakes/tsa.ts). */
export function tsaConfig(files: { serial: string; signerCert: string; signerKey: string; certs?: string }) {
  return [
    "[tsa]",
    "default_tsa = tsa_config",
    "[tsa_config]",
    `serial = ${files.serial}`,
    "crypto_device = builtin",
    `signer_cert = ${files.signerCert}`,
    ...(files.certs ? [`certs = ${files.certs}`] : []),
    `signer_key = ${files.signerKey}`,
    "signer_digest = sha256",
    "default_policy = 1.3.6.1.4.1.99999.1",
    "digests = sha256, sha384, sha512",
    "accuracy = secs:1",
    "ordering = no",
    "tsa_name = yes",
    "ess_cert_id_chain = no",
    "ess_cert_id_alg = sha256",
    "",
  ].join("\n");
}

export function startOpensslTsa(opts: { name?: string; key?: "rsa" | "ec" } = {}): OpensslTsa {
  const name = opts.name ?? "Test TSA";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-tsa-"));
  const keyArgs = opts.key === "ec" ? ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"] : ["-newkey", "rsa:2048"];
  fs.writeFileSync(
    path.join(dir, "ext.cnf"),
    [
      "[ca_ext]",
      "basicConstraints = critical,CA:TRUE",
      "keyUsage = critical,keyCertSign",
      "[tsa_ext]",
      "basicConstraints = CA:FALSE",
      "keyUsage = critical,digitalSignature",
      "extendedKeyUsage = critical,timeStamping",
      "",
    ].join("\n"),
  );
  run(
    [
      "req",
      "-x509",
      ...keyArgs,
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.pem",
      "-days",
      "3650",
      "-subj",
      `/CN=${name} Root`,
      "-extensions",
      "ca_ext",
      "-config",
      "ext.cnf",
    ],
    dir,
  );
  run(["req", ...keyArgs, "-nodes", "-keyout", "tsa.key", "-out", "tsa.csr", "-subj", `/O=IdeaVault tests/CN=${name}`, "-config", "ext.cnf"], dir);
  run(
    [
      "x509",
      "-req",
      "-in",
      "tsa.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      "tsa.pem",
      "-days",
      "3650",
      "-extfile",
      "ext.cnf",
      "-extensions",
      "tsa_ext",
    ],
    dir,
  );
  // openssl reads and rewrites its serial file without a lock: each of a few slots has its own config and serial
  // file (serials from different ranges), and takes one reply at a time.
  const slots = Array.from({ length: SLOTS }, (_, slot) => {
    fs.writeFileSync(path.join(dir, `serial-${slot}`), `0${slot + 1}000001\n`);
    fs.writeFileSync(path.join(dir, `tsa-${slot}.cnf`), tsaConfig({ serial: `${dir}/serial-${slot}`, signerCert: `${dir}/tsa.pem`, signerKey: `${dir}/tsa.key` }));
    return { config: `tsa-${slot}.cnf`, queue: Promise.resolve() as Promise<unknown> };
  });
  let turn = 0;
  const reply = async (config: string, digest: Buffer) => {
    const id = crypto.randomBytes(6).toString("hex");
    const query = path.join(dir, `${id}.tsq`);
    const out = path.join(dir, `${id}.tsr`);
    fs.writeFileSync(query, timeStampRequest(digest));
    await execFileAsync("openssl", ["ts", "-reply", "-config", config, "-queryfile", query, "-out", out], { cwd: dir });
    const bytes = fs.readFileSync(out);
    fs.rmSync(query);
    fs.rmSync(out);
    return bytes;
  };
  const stamp = (digest: Buffer) => {
    const slot = slots[turn++ % SLOTS];
    const next = slot.queue.then(() => reply(slot.config, digest));
    slot.queue = next.catch(() => undefined);
    return next;
  };
  return {
    dir,
    name,
    caPem: fs.readFileSync(path.join(dir, "ca.pem"), "utf8"),
    signerPem: fs.readFileSync(path.join(dir, "tsa.pem"), "utf8"),
    stamp,
    close: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
