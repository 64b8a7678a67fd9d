/**
 * The fake OpenTimestamps calendars, Esplora API and RFC 3161 authority of an end-to-end run, on fixed loopback ports derived from
 * E2E_PORT (so parallel runs of different sessions do not collide). Shared by playwright.config.ts (the server's
 * environment), the global setup (which starts them) and the specs (which "mine" blocks through them).
 */
export const E2E_CRON_SECRET = "e2e-cron-secret-not-for-production";

export function e2eFakePorts(appPort: number) {
  const base = appPort + 20_000;
  return { calendars: [base + 1, base + 2], explorers: [base + 3], tsa: base + 4 };
}

export function e2eFakeUrls(appPort: number) {
  const ports = e2eFakePorts(appPort);
  const url = (p: number) => `http://127.0.0.1:${p}`;
  return { calendars: ports.calendars.map(url), explorers: ports.explorers.map(url), tsa: `${url(ports.tsa)}/tsr` };
}

export const e2eAppPort = () => Number(process.env.E2E_PORT || 3210);
