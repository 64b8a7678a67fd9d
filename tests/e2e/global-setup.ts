import { startFakeNetwork } from "../fakes/network";
import fs from "node:fs";
import { createTsaPki, FakeTsa } from "../fakes/tsa";
import { e2eAppPort, e2eFakePorts } from "./timestamp-fakes";
import { registerFirstAccount } from "./first-account";

/**
 * Starts the fake calendars, block explorer and time-stamping authority the server's OTS_CALENDARS / ESPLORA_URL /
 * TSA_URLS point at; stops them after the run. The server is up by now (Playwright starts it first): its first account
 * is made here, so every test sees an instance that has one, whichever test runs first.
 */
export default async function globalSetup() {
  await registerFirstAccount(`http://127.0.0.1:${e2eAppPort()}`);
  const ports = e2eFakePorts(e2eAppPort());
  const net = await startFakeNetwork({ calendars: 2, explorers: 1, ports });
  const pki = createTsaPki();
  const tsa = await FakeTsa.start(pki, ports.tsa);
  return async () => {
    await net.close();
    await tsa.close();
    fs.rmSync(pki.dir, { recursive: true, force: true });
  };
}
