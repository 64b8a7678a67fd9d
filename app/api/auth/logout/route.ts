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

/** A relative Location: the server's own URL names its bind address, not the host the visitor used. */
function seeOther(path: string) {
  return new NextResponse(null, { status: 303, headers: { Location: path } });
}

// POST /api/auth/logout — ends the session
export const POST = route(async () => withSessionEnded(NextResponse.json({ success: true })));

// GET /api/auth/logout — the dashboard's 'Log Out' navigates here: end the session and go to /login.
// Another site may link or embed this URL: browsers mark such requests cross-site, and they end nothing.
export const GET = route(async (req) => {
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return seeOther("/");
  return withSessionEnded(seeOther("/login"));
});
