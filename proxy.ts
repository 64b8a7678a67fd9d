import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { getEnv } from "@/lib/env";

/**
 * Convenience guard only: sends signed-out visitors of the creator's screens to /login. Pages and API
 * handlers check the session themselves; API requests do not pass through here at all (the proxy would
 * copy and cap every upload body), and lib/api/handler.ts refuses cross-site writes.
 */
export async function proxy(req: NextRequest) {
  const token = await getToken({ req, secret: getEnv().NEXTAUTH_SECRET });
  if (token) return NextResponse.next();
  const { pathname, search } = req.nextUrl;
  const url = new URL("/login", req.url);
  url.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(url, 307);
}

export const config = {
  matcher: ["/dashboard", "/editor/:path*", "/share/:path*", "/profile"],
};
