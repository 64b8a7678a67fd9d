import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";

/**
 * For tests that call route handlers directly: the session and the recipient cookies are the only parts that need
 * Next's request scope, so they are replaced by one shared state the test sets. A test file wires it with
 *
 *   jest.mock("@/lib/domain/auth/session", () => jest.requireActual("../../route-harness").sessionModuleMock());
 *   jest.mock("@/lib/domain/recipients/cookies", () => jest.requireActual("../../route-harness").recipientCookiesModuleMock());
 *
 * and imports `routeSession` to sign in (`routeSession.user`) or hold recipient cookies (`routeSession.secrets`,
 * passcode cookies by link id in `routeSession.passcodes`).
 */

export type SessionUser = { id: string; name: string; email: string; profileImage: null };

export const routeSession = { user: null as SessionUser | null, secrets: [] as string[], passcodes: {} as Record<string, string> };

type BrowserCookies = { secrets: string[]; passcodes: Record<string, string> };
const browsers = new AsyncLocalStorage<BrowserCookies>();

/**
 * Runs `call` as one browser: its recipient and passcode cookies are these (set ones are added to them), whatever
 * other calls running at the same time hold; outside it, routeSession's are.
 */
export function asBrowser<T>(cookies: BrowserCookies, call: () => Promise<T>): Promise<T> {
  return browsers.run(cookies, call);
}

const cookieJar = () => browsers.getStore() ?? routeSession;

export function sessionModuleMock(overrides: Record<string, unknown> = {}) {
  return {
    ...jest.requireActual("@/lib/domain/auth/session"),
    getCurrentUser: async () => routeSession.user,
    requireUser: async () => {
      if (!routeSession.user) throw new (jest.requireActual("@/lib/platform/http/errors").UnauthorizedError)();
      return routeSession.user;
    },
    ...overrides,
  };
}

export function recipientCookiesModuleMock() {
  return {
    ...jest.requireActual("@/lib/domain/recipients/cookies"),
    readRecipientSecrets: async () => cookieJar().secrets,
    setRecipientCookie: async (_shareId: string, secret: string) => {
      const jar = cookieJar();
      jar.secrets = [...jar.secrets, secret];
    },
    readPasscodeProofs: async () => cookieJar().passcodes,
    setPasscodeCookie: async (shareId: string, proof: string) => {
      const jar = cookieJar();
      jar.passcodes = { ...jar.passcodes, [shareId]: proof };
    },
  };
}

export const API_DIR = path.join(process.cwd(), "app/api");

/** Every directory under app/api holding a route.ts, relative and with "/" (e.g. "share/[token]/pages/[n]"). */
export function apiRouteDirs(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return apiRouteDirs(full);
    return entry.name === "route.ts" ? [path.relative(API_DIR, dir).split(path.sep).join("/")] : [];
  });
}
