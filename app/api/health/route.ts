// GET /api/health — liveness for load balancers and uptime checks; touches nothing (also the benchmarks' no-op baseline).
export function GET() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
