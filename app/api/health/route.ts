import { publicRoute } from "@/lib/features/api/routes";

// GET /api/health — liveness for load balancers and uptime checks; touches nothing (also the benchmarks' no-op baseline).
export const GET = publicRoute({
  handler: () => Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } }),
});
