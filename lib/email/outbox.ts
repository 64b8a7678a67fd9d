import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { getEnv } from "@/lib/env";

export type OutboxEntry = { id: string; from: string; to: string; subject: string; text: string; html: string; sentAt: string };

function outboxDir() {
  return path.join(getEnv().dataDir, "outbox");
}

export async function writeToOutbox(m: Omit<OutboxEntry, "id" | "sentAt">) {
  const sentAt = new Date().toISOString();
  const id = `${sentAt.replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}`;
  await fs.mkdir(outboxDir(), { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(outboxDir(), `${id}.json`), JSON.stringify({ id, sentAt, ...m }, null, 2), { mode: 0o600 });
  return id;
}

/** Newest first. */
export async function listOutbox(limit = 50): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await fs.readdir(outboxDir())).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  names.sort().reverse();
  const entries = await Promise.all(
    names.slice(0, limit).map(async (n) => JSON.parse(await fs.readFile(path.join(outboxDir(), n), "utf8")) as OutboxEntry),
  );
  return entries;
}
