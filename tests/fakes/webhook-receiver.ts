import type http from "node:http";
import { listen, readBody } from "./http-server";

export type ReceivedWebhook = { at: number; path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on 127.0.0.1: records every POST and answers with the next status of `answers` (200 once they
 * run out), or holds requests while `hang` is on until `release()`.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const waiting: (() => void)[] = [];
  const listeners: (() => void)[] = [];
  const state = { hang: false };
  const server = await listen(async (req, res) => {
    const body = (await readBody(req)).toString("utf8");
    received.push({ at: Date.now(), path: req.url ?? "", headers: req.headers, body });
    for (const l of listeners.splice(0)) l();
    if (state.hang) await new Promise<void>((resolve) => waiting.push(resolve));
    res.statusCode = answers.shift() ?? 200;
    res.end("ok");
  });
  return {
    url: `${server.url}/hooks`,
    port: server.port,
    received,
    answers,
    state,
    release: () => {
      state.hang = false;
      for (const w of waiting.splice(0)) w();
    },
    /** Resolves once `count` requests have arrived (polled by arrival, no fixed sleep). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 200);
          listeners.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received;
    },
    reset() {
      received.length = 0;
      answers.length = 0;
      this.release();
    },
    close: server.close,
  };
}
