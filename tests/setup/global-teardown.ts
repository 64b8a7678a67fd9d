export default async function globalTeardown() {
  const db = (globalThis as { __testDb?: { stop: () => Promise<void> } }).__testDb;
  await db?.stop();
}
