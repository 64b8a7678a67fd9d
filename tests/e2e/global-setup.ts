import { startFakeNetwork } from "../fakes/network";
import fs from "node:fs";
import { createTsaPki, FakeTsa } from "../fakes/tsa";
import { e2eAppPort, e2eFakePorts } from "./timestamp-fakes";

/**
 * Starts the fake calendars, block explorer and time-stamping authority the server's OTS_CALENDARS / ESPLORA_URL /
 * TSA_URLS point at; stops them after the run.
 */
export default async function globalSetup() {
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
