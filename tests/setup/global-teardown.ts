import fs from "node:fs";

export default async function globalTeardown() {
  const db = (globalThis as { __testDb?: { stop: () => Promise<void> } }).__testDb;
  await (globalThis as { __testTsa?: { close: () => Promise<void> } }).__testTsa?.close();
  await db?.stop();
  if (process.env.IDEAVAULT_TEST_ROOT) fs.rmSync(process.env.IDEAVAULT_TEST_ROOT, { recursive: true, force: true });
}
