/**
 * The built app as the measuring scripts (`npm run page-weight`, `npm run lighthouse`) see it: served by
 * `scripts/serve.ts start` (the `npm start` code path, embedded PostgreSQL) on a throw-away DATA_DIR, with a creator,
 * a published idea, a share link and two recipients of that link set up through the API.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request as pwRequest, type Browser, type BrowserContext } from "@playwright/test";
import { waitFor } from "./bench/server";

export const ROOT = process.cwd();
export const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export function startServer(args: string[], env: Record<string, string>, cwd = ROOT): ChildProcess {
  return spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

/** Stops a server started by startServer (its whole process group) and resolves once it has exited. */
export async function stopServer(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  await exited;
}

export type AppUnderTest = { base: string; stop: () => Promise<void> };

/** Our production build (`.next`) on `port`, with open registration and rate limits out of the way (`env` overrides). */
export async function startApp(port: number, env: Record<string, string> = {}): Promise<AppUnderTest> {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("Run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ideavault-measure-"));
  const base = `http://127.0.0.1:${port}`;
  const app = startServer(["node_modules/tsx/dist/cli.mjs", "scripts/serve.ts", "start"], {
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    REGISTRATION_MODE: "open",
    RATE_LIMIT_SCALE: "1000",
    ...env,
  });
  const stop = async () => {
    // serve.ts stops its PostgreSQL before it exits: only then is the data directory free to remove.
    await stopServer(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/login`, 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}

type Json = Record<string, unknown>;
type Api = Awaited<ReturnType<typeof pwRequest.newContext>>;

export async function call(api: Api, method: "get" | "post" | "put", url: string, data?: unknown) {
  const res = await api[method](url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url}: HTTP ${res.status()} ${await res.text()}`);
  return (await res.json()) as Json;
}

export type SharedFixture = {
  token: string;
  ideaId: number;
  /** The creator, signed in. */
  owner: StorageState;
  /** A recipient who identified on /collect (what /nda needs). */
  identified: StorageState;
  /** A recipient who also accepted the agreement (what /document needs to render the reader, not the gate). */
  agreed: StorageState;
};

/** Creator, published HTML idea, full-access share; then the two recipients' cookie jars. */
export async function setUpShare(browser: Browser, base: string): Promise<SharedFixture> {
  const owner = await pwRequest.newContext({ baseURL: base });
  const account = { name: "Weight Owner", email: `weight-${Date.now()}@example.com`, password: "weight-pass" };
  await call(owner, "post", "/api/auth/register", account);
  await call(owner, "post", "/api/auth/login", { email: account.email, password: account.password });
  const idea = await call(owner, "post", "/api/ideas", { title: "Weighed idea" });
  await call(owner, "put", `/api/ideas/${idea.id}/publish`);
  const share = await call(owner, "post", "/api/shares", {
    ideaId: idea.id,
    shareType: "full-access",
    expiresAt: null,
    maxViews: null,
    recipientEmail: null,
  });
  const ownerState = await owner.storageState();
  await owner.dispose();
  const token = String(share.accessLink);

  const recipientState = async (agree: boolean) => {
    const context = await browser.newContext({ baseURL: base });
    const recipient = await call(context.request, "post", "/api/recipients", {
      name: "Weight Reader",
      email: "reader@example.com",
      phone: "",
      accessToken: token,
    });
    if (agree) await call(context.request, "put", `/api/recipients/${recipient.id}/nda`, { agreed: true });
    const state = await context.storageState();
    await context.close();
    return state;
  };
  return { token, ideaId: Number(idea.id), owner: ownerState, identified: await recipientState(false), agreed: await recipientState(true) };
}

/** A storage state's cookies for `base` as one Cookie header (for a client that is not Playwright's). */
export function cookieHeader(state: StorageState, base: string): string {
  const host = new URL(base).hostname;
  return state.cookies
    .filter((c) => c.domain.replace(/^\./, "") === host)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}
