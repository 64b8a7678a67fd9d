import type { PoolConfig } from "pg";

/**
 * Discrete pg fields from a postgres URL. The Prisma pg adapter derives its shadow database config as
 * `{ ...config, database }`, and a `connectionString` would silently win over `database`.
 */
export function pgConfigFromUrl(url: string): PoolConfig {
  const u = new URL(url);
  const sslmode = u.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(u.hostname) || "localhost",
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || undefined,
    password: decodeURIComponent(u.password) || undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined,
    ssl: sslmode && sslmode !== "disable" ? { rejectUnauthorized: sslmode === "verify-full" } : undefined,
  };
}
