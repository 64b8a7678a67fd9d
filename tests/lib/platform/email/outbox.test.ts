import fs from "node:fs";
import path from "node:path";
import { isOutboxFileName, listOutbox, writeToOutbox } from "@/lib/platform/email/outbox";
import { getEnv } from "@/lib/platform/env";

const outboxDir = () => path.join(getEnv().dataDir, "outbox");

function mail(i: number, size = 100) {
  return { from: "IdeaVault <no-reply@example.com>", to: `user${i}@example.com`, subject: `Mail ${i}`, text: `Hello ${i}`, html: "x".repeat(size) };
}

describe("outbox", () => {
  it("writes each mail under its final name only once it is complete, leaving no temporary file", async () => {
    const id = await writeToOutbox(mail(1));
    expect(fs.readdirSync(outboxDir())).toEqual([`${id}.json`]);
    const stored = JSON.parse(fs.readFileSync(path.join(outboxDir(), `${id}.json`), "utf8"));
    expect(stored).toMatchObject({ id, to: "user1@example.com", subject: "Mail 1" });
    expect(fs.statSync(path.join(outboxDir(), `${id}.json`)).mode & 0o777).toBe(0o600);
  });

  it("temporary names are never taken for mails", () => {
    expect(isOutboxFileName("2026-01-01T00-00-00-000Z-ab12cd34.json")).toBe(true);
    expect(isOutboxFileName(".2026-01-01T00-00-00-000Z-ab12cd34.json.tmp")).toBe(false);
    expect(isOutboxFileName(".hidden.json")).toBe(false);
    expect(isOutboxFileName("notes.txt")).toBe(false);
  });

  it("skips unfinished, truncated and foreign files instead of failing", async () => {
    const id = await writeToOutbox(mail(1));
    const full = fs.readFileSync(path.join(outboxDir(), `${id}.json`), "utf8");
    // A crash mid-write leaves the temporary file; an older writer could leave a truncated .json.
    fs.writeFileSync(path.join(outboxDir(), ".9999-leftover.json.tmp"), full.slice(0, 20));
    fs.writeFileSync(path.join(outboxDir(), "9999-truncated.json"), full.slice(0, full.length - 5));
    fs.writeFileSync(path.join(outboxDir(), "9998-empty.json"), "");
    fs.writeFileSync(path.join(outboxDir(), "9997-not-a-mail.json"), JSON.stringify({ hello: "world" }));

    const entries = await listOutbox();
    expect(entries.map((e) => e.id)).toEqual([id]);
  });

  it("skipped files do not shorten the list below the limit", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await writeToOutbox(mail(i)));
    // Sorts after (newer than) every real mail, so it would take a slot of the newest two.
    fs.writeFileSync(path.join(outboxDir(), "9999-truncated.json"), "{");
    expect((await listOutbox(2)).map((e) => e.id)).toEqual([ids[2], ids[1]]);
  });

  it("a missing outbox is empty", async () => {
    expect(fs.existsSync(outboxDir())).toBe(false);
    expect(await listOutbox()).toEqual([]);
  });

  it("readers running during many concurrent large writes never see a partial mail", async () => {
    const WRITES = 24;
    // Large bodies are written in several chunks, so a reader runs between them (the old direct write showed
    // readers half a file: "Unexpected end of JSON input").
    const writes = Array.from({ length: WRITES }, (_, i) => writeToOutbox(mail(i, 1_500_000)));
    let done = false;
    const all = Promise.all(writes).finally(() => {
      done = true;
    });
    let reads = 0;
    while (!done) {
      const entries = await listOutbox(WRITES);
      reads++;
      for (const e of entries) expect(e.html).toHaveLength(1_500_000);
    }
    const ids = await all;
    const final = await listOutbox(WRITES);
    expect(final).toHaveLength(WRITES);
    expect(new Set(final.map((e) => e.id))).toEqual(new Set(ids));
    expect(reads).toBeGreaterThan(0);
    expect(fs.readdirSync(outboxDir()).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  }, 60_000);
});
