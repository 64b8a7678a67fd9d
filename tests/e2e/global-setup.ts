import { startFakeNetwork } from "../fakes/network";
import { e2eAppPort, e2eFakePorts } from "./timestamp-fakes";

/** Starts the fake calendars and block explorer the server's OTS_CALENDARS / ESPLORA_URL point at; stops them after the run. */
export default async function globalSetup() {
  const net = await startFakeNetwork({ calendars: 2, explorers: 1, ports: e2eFakePorts(e2eAppPort()) });
  return async () => {
    await net.close();
  };
}
