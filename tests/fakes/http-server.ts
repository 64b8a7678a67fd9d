import http from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback HTTP server that remembers its sockets, so closing it never waits for a hanging request. */
export async function listen(handler: http.RequestListener, port = 0): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A TCP port nothing listens on (a calendar that is "down"). */
export async function deadUrl(): Promise<string> {
  const s = await listen(() => undefined);
  await s.close();
  return s.url;
}
