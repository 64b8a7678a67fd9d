import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { getEnv } from "@/lib/env";

const PROTECTED = ["/dashboard", "/editor", "/share", "/profile"];
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isProtected(pathname: string) {
  return PROTECTED.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** A browser request from another site: its Origin names a host other than ours. */
function isForeignOrigin(req: NextRequest) {
  const origin = req.headers.get("origin");
  if (!origin) return false; // non-browser clients and same-origin GET navigations send none
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const env = getEnv();
  const host = (env.TRUST_PROXY && req.headers.get("x-forwarded-host")) || req.headers.get("host");
  const configured = env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).host : null;
  return originHost !== host && originHost !== configured;
}

/**
 * Convenience guard only: pages and handlers check the session themselves. Refuses cross-site writes to
 * the API and sends signed-out visitors of the creator's screens to /login.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (pathname.startsWith("/api/")) {
    if (STATE_CHANGING.has(req.method) && isForeignOrigin(req)) {
      return NextResponse.json({ success: false, error: "Cross-site request refused" }, { status: 403 });
    }
    return NextResponse.next();
  }
  if (isProtected(pathname)) {
    const token = await getToken({ req, secret: getEnv().NEXTAUTH_SECRET });
    if (!token) {
      const url = new URL("/login", req.url);
      url.searchParams.set("callbackUrl", `${pathname}${search}`);
      return NextResponse.redirect(url, 307);
    }
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/api/:path*", "/dashboard", "/editor/:path*", "/share/:path*", "/profile"],
};
