import { NextResponse } from "next/server";
import { isJsonContentType } from "@/lib/features/api/handler";
import { publicRoute } from "@/lib/features/api/routes";
import { clearedSessionCookie } from "@/lib/domain/auth/session-cookie";
import { revokeCurrentSession } from "@/lib/domain/auth/session";
import { isOwnOrigin } from "@/lib/platform/http/same-origin";

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

// No script: the page must work under the strict CSP and in browsers that send no Fetch Metadata.
const CONFIRM_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Log Out | IdeaVault</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1 style="font-size: 1.5rem">Log out of IdeaVault?</h1>
<form method="post" action="/api/auth/logout">
<button type="submit" style="font: inherit; padding: 0.5rem 1rem; cursor: pointer">Log out</button>
</form>
<p><a href="/dashboard">Back to the dashboard</a></p>
</body>
</html>
`;

function confirmPage() {
  return new NextResponse(CONFIRM_PAGE, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Nothing here needs a script or a frame; this page must never be framed (a click-jacked logout).
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      // Not the API's no-referrer: under it the browser sends `Origin: null` with the form's POST, which the
      // cross-site write check must refuse.
      "Referrer-Policy": "same-origin",
    },
  });
}

/** Whether the browser shows this navigation came from our own pages (Fetch Metadata, else the Referer). */
function provablySameOrigin(req: Request) {
  const site = req.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const referer = req.headers.get("referer");
  return referer !== null && isOwnOrigin(req, referer);
}

// POST /api/auth/logout — ends the session: JSON answer for fetch, 303 to /login for the confirm page's form
export const POST = publicRoute({
  handler: ({ req }) => {
    if (isJsonContentType(req.headers.get("content-type"))) return withSessionEnded(NextResponse.json({ success: true }));
    return withSessionEnded(seeOther("/login"));
  },
});

// GET /api/auth/logout — the dashboard's 'Log Out' navigates here: end the session and go to /login.
// Another site may link or embed this URL: browsers mark such requests cross-site and they end nothing; a
// request that cannot be shown to come from our pages gets a confirm button (POST, Origin-checked) instead.
export const GET = publicRoute({
  handler: async ({ req }) => {
    const site = req.headers.get("sec-fetch-site");
    if (site === "cross-site" || site === "same-site") return seeOther("/");
    if (!provablySameOrigin(req)) return confirmPage();
    return withSessionEnded(seeOther("/login"));
  },
});
