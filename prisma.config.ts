import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { pgConfigFromUrl } from "./lib/platform/db/config";

// The JS (WASM) schema engine: Prisma's native engines would be downloaded from a host we cannot reach.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  adapter: async () => new PrismaPg(pgConfigFromUrl(process.env.DATABASE_URL ?? "postgresql://localhost/ideavault")),
});
