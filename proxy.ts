import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { getEnv } from "@/lib/platform/env";
import { NONCE_HEADER, createNonce, pageCsp } from "@/lib/platform/http/csp";

/** The creator's screens, as Next reports their path here (the `.rsc` transport forms are already stripped). */
const CREATOR_SCREEN = /^\/(?:dashboard|profile|(?:editor|share)(?:\/.*)?)$/;

/**
 * Runs before every page (not before API routes: the proxy would copy and cap every upload body, and
 * lib/features/api/handler.ts refuses cross-site writes itself).
 *
 * 1. Convenience guard only: sends signed-out visitors of the creator's screens to /login. Pages and API
 *    handlers check the session themselves.
 * 2. A fresh nonce and Content-Security-Policy for every page, set on the request (Next.js reads the nonce
 *    from it and puts it on its own scripts; server components can read `x-nonce`) and on the response.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (CREATOR_SCREEN.test(pathname)) {
    const token = await getToken({ req, secret: getEnv().NEXTAUTH_SECRET });
    if (!token) {
      const url = new URL("/login", req.url);
      url.searchParams.set("callbackUrl", `${pathname}${search}`);
      return NextResponse.redirect(url, 307);
    }
  }

  const nonce = createNonce();
  const csp = pageCsp(nonce, { dev: getEnv().NODE_ENV === "development" });
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  // Every page. Not /api (see above; next.config.mjs gives API answers a fixed policy), and not the build's
  // static files, image optimizer or favicon, which are no documents.
  matcher: ["/((?!api(?:/|$)|_next/static/|_next/image|favicon\\.ico$|icon\\.svg$).*)"],
};
