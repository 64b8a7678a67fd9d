import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { acquireInstanceLock } from "@/lib/platform/server/instance-lock";
import { readOrCreateLocalSecrets } from "@/lib/platform/env/local-secrets";
import { parseEnv, EnvError } from "@/lib/platform/env";
import { pgConfigFromUrl } from "@/lib/platform/db/config";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "iv-server-test-"));

describe("instance lock", () => {
  it("refuses a second holder with a clear message while the first lives, and can be taken again after release", () => {
    const dir = tmp();
    const release = acquireInstanceLock(dir);
    fs.writeFileSync(path.join(dir, "ideavault.lock"), String(process.ppid)); // a live process other than us
    expect(() => acquireInstanceLock(dir)).toThrow(/Another IdeaVault server \(pid \d+\) is already using DATA_DIR/);
    fs.writeFileSync(path.join(dir, "ideavault.lock"), String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "ideavault.lock"))).toBe(false);
    acquireInstanceLock(dir)();
  });

  it("takes over a lock left by a dead process", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "ideavault.lock"), "999999");
    expect(() => acquireInstanceLock(dir)()).not.toThrow();
  });
});

describe("local secrets", () => {
  it("are generated once per DATA_DIR with mode 0600 and then reused", () => {
    const dir = tmp();
    const first = readOrCreateLocalSecrets(dir);
    expect(Buffer.from(first.encryptionKey, "base64")).toHaveLength(32);
    expect(first.nextauthSecret.length).toBeGreaterThanOrEqual(32);
    expect(readOrCreateLocalSecrets(dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
  });
});

describe("parseEnv", () => {
  it("names every missing secret in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" } as NodeJS.ProcessEnv)).toThrow(
      /DATABASE_URL, NEXTAUTH_SECRET, ENCRYPTION_KEY, NEXTAUTH_URL/,
    );
  });

  it("names a malformed variable", () => {
    expect(() => parseEnv({ NODE_ENV: "test", ENCRYPTION_KEY: "short", DATA_DIR: tmp() } as NodeJS.ProcessEnv)).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: "test", RATE_LIMIT_SCALE: "-1", DATA_DIR: tmp() } as NodeJS.ProcessEnv)).toThrow(/RATE_LIMIT_SCALE/);
    expect(() => parseEnv({ NODE_ENV: "test", REGISTRATION_MODE: "closed", DATA_DIR: tmp() } as NodeJS.ProcessEnv)).toThrow(/REGISTRATION_MODE/);
  });

  it("checks ENCRYPTION_OLD_KEYS and HOSTNAME at start-up, not when a key is first needed", () => {
    const key = Buffer.alloc(32, 1).toString("base64");
    const env = (vars: Record<string, string>) => parseEnv({ NODE_ENV: "test", DATA_DIR: tmp(), ...vars } as NodeJS.ProcessEnv);
    expect(() => env({ ENCRYPTION_OLD_KEYS: `k0:${key},old1:dG9vLXNob3J0` })).toThrow(/ENCRYPTION_OLD_KEYS: entry "old1" is not id:base64-of-32-bytes/);
    expect(() => env({ ENCRYPTION_OLD_KEYS: key })).toThrow(EnvError);
    expect(env({ ENCRYPTION_OLD_KEYS: ` k0:${key} , k1:${key}` }).ENCRYPTION_OLD_KEYS.map((k) => k.id)).toEqual(["k0", "k1"]);
    expect(env({}).ENCRYPTION_OLD_KEYS).toEqual([]);
    expect(() => env({ HOSTNAME: "http://example.com" })).toThrow(/HOSTNAME: must be a host name or an IP address/);
    expect(() => env({ HOSTNAME: "a b" })).toThrow(/HOSTNAME/);
    for (const ok of ["0.0.0.0", "127.0.0.1", "::1", "my-box.local", "a1b2c3d4e5f6"]) expect(env({ HOSTNAME: ok }).HOSTNAME).toBe(ok);
    expect(env({}).HOSTNAME).toBe("0.0.0.0");
  });

  it("waits 30 s between a recipient's code mails unless RECIPIENT_CODE_RESEND_S says otherwise (whole seconds, at least 1)", () => {
    const env = (vars: Record<string, string>) => parseEnv({ NODE_ENV: "test", DATA_DIR: tmp(), ...vars } as NodeJS.ProcessEnv);
    expect(env({}).RECIPIENT_CODE_RESEND_S).toBe(30);
    expect(env({ RECIPIENT_CODE_RESEND_S: "5" }).RECIPIENT_CODE_RESEND_S).toBe(5);
    for (const bad of ["0", "-1", "1.5", "soon"]) expect(() => env({ RECIPIENT_CODE_RESEND_S: bad })).toThrow(/RECIPIENT_CODE_RESEND_S/);
  });

  it("generates local secrets outside production and for the embedded production install", () => {
    const dir = tmp();
    const dev = parseEnv({ NODE_ENV: "development", DATA_DIR: dir } as NodeJS.ProcessEnv);
    expect(dev.NEXTAUTH_SECRET).toBe(readOrCreateLocalSecrets(dir).nextauthSecret);
    const embedded = parseEnv({ NODE_ENV: "production", DATA_DIR: dir, IDEAVAULT_EMBEDDED_DB: "true", DATABASE_URL: "postgresql://x@127.0.0.1/db" } as NodeJS.ProcessEnv);
    expect(embedded.isProductionDeployment).toBe(false);
    expect(embedded.REGISTRATION_MODE).toBe("invite");
    expect(embedded.RATE_LIMIT_SCALE).toBe(1);
  });
});

describe("pgConfigFromUrl", () => {
  it("splits a URL into discrete fields (the adapter's shadow-database rule)", () => {
    expect(pgConfigFromUrl("postgresql://us%40er:p%3Ass@db.example.com:6543/ideas?sslmode=require")).toMatchObject({
      host: "db.example.com",
      port: 6543,
      user: "us@er",
      password: "p:ss",
      database: "ideas",
      ssl: { rejectUnauthorized: false },
    });
  });
});
