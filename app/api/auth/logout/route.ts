import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { clearedSessionCookie } from "@/lib/auth/session-cookie";
import { revokeCurrentSession } from "@/lib/auth/session";

async function withSessionEnded(res: NextResponse) {
  await revokeCurrentSession();
  const c = clearedSessionCookie();
  res.cookies.set(c.name, c.value, c.options);
  return res;
}

// POST /api/auth/logout — ends the session
export const POST = route(async () => withSessionEnded(NextResponse.json({ success: true })));

// GET /api/auth/logout — the dashboard's 'Log Out' navigates here: end the session and go to /login
export const GET = route(async (req) => withSessionEnded(NextResponse.redirect(new URL("/login", req.url), 303)));
