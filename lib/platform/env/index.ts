import { z } from "zod";
import { readOrCreateLocalSecrets } from "./local-secrets";
import path from "node:path";

/**
 * The one place that reads process.env. Parsed lazily (Next's build imports modules without any configuration)
 * and validated at start-up by scripts/serve.ts and instrumentation.ts, so a bad variable stops the server with its name.
 */
const boolean = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** A comma-separated list of http(s) base URLs (no trailing slash kept). */
const urlList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(",").map((u) => u.trim().replace(/\/+$/, "")).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be comma-separated http(s) URLs" })).min(1, "must name at least one URL"));

/** Like urlList, but an empty value is an empty list (the feature turned off). */
const optionalUrlList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(",").map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be comma-separated http(s) URLs" })));

/** Two free public time-stamping authorities (RFC 3161), asked in this order. */
export const DEFAULT_TSA_URLS = "https://freetsa.org/tsr,https://timestamp.digicert.com";

/** The four public pool calendars the reference `ots` client uses. */
export const DEFAULT_OTS_CALENDARS =
  "https://a.pool.opentimestamps.org,https://b.pool.opentimestamps.org,https://a.pool.eternitywall.com,https://ots.btc.catallaxy.com";
export const DEFAULT_ESPLORA_URLS = "https://blockstream.info/api,https://mempool.space/api";

const base64Key = z
  .string()
  .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes encoded as base64 (openssl rand -base64 32)");

/** Former keys kept for reading data written before a rotation: "id:base64,id:base64", checked at start-up. */
const oldKeys = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const keys: { id: string; key: Buffer }[] = [];
    for (const pair of (raw ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
      const [id, b64] = pair.split(":").map((p) => p.trim());
      const key = Buffer.from(b64 ?? "", "base64");
      if (!id || key.length !== 32) {
        ctx.addIssue({ code: "custom", message: `entry "${id}" is not id:base64-of-32-bytes` });
        return z.NEVER;
      }
      keys.push({ id, key });
    }
    return keys;
  });

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL").optional(),
  /** Set by scripts/serve.ts when it runs the embedded PostgreSQL under DATA_DIR. */
  IDEAVAULT_EMBEDDED_DB: boolean,
  /** Set by scripts/serve.ts: the client-address header then comes from the socket. */
  IDEAVAULT_CUSTOM_SERVER: boolean,
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
  NEXTAUTH_URL: z.url().optional(),
  ENCRYPTION_KEY: base64Key.optional(),
  ENCRYPTION_KEY_ID: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, "letters, digits, - and _ only (max 32)").optional(),
  ENCRYPTION_OLD_KEYS: oldKeys,
  REGISTRATION_MODE: z.enum(["invite", "open"]).default("invite"),
  /** Serves /dev/outbox outside `npm run dev` (end-to-end tests); never on a server others can reach. */
  DEV_OUTBOX: boolean,
  /** Where scripts/serve.ts listens (`npm run dev` / `npm start`). */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z
    .string()
    .regex(/^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|[0-9A-Fa-f:.]+)$/, "must be a host name or an IP address")
    .default("0.0.0.0"),
  /**
   * Queries slower than this are logged as a warning; 0 turns the log off (the jest workers do). Unset: 200 ms, and
   * off under `npm run dev` (its page compiles stall the process and make every query look slow).
   */
  DB_SLOW_QUERY_MS: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive("must be a positive number").default(1),
  /**
   * Seconds before a recipient may ask for another e-mail code (SPEC: 30 s). The end-to-end server shortens it so the
   * two tests of the refusal-then-resend flow stop waiting out half a minute each.
   */
  RECIPIENT_CODE_RESEND_S: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Seconds an owner's mail about a recipient waits for that recipient's next events (agreement, first view), so
   * a burst is one mail. The end-to-end server shortens it.
   */
  NOTIFY_BURST_S: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * Minutes without a reading-time report after which a visit (one opening of the reader) has ended and its owner's
   * summary mail is queued. The reader reports every few seconds while read, so a pause this long is a visit left.
   */
  VISIT_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /**
   * Copies the server derives from an account's files (page images, recipients' marked PDFs), in MB; past it the
   * least recently used go. Default: four times STORAGE_QUOTA_MB.
   */
  DERIVED_QUOTA_MB: z.coerce.number().positive("must be a positive number").optional(),
  /** Most pages an uploaded PDF may have. */
  MAX_PDF_PAGES: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Render processes (lib/domain/reader/pool.ts); default: one less than the cores, at least one, at most four. */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** CPU time one render job may use before its process is killed and the page refused as too complex. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Memory (resident) a render process may reach before it is killed, in MB. */
  RENDER_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  /** Render jobs that may wait for a free process; one more is a 503. */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
  /** How long a render job waits for a free process before its request answers 503. */
  RENDER_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /** Seconds between runs of the page pre-rendering job inside `npm run dev` / `npm start`; 0 turns it off. */
  PAGES_INTERVAL_S: z.coerce.number().int().min(0).default(5),
  /** Per-account storage (files plus idea content), in MB. */
  STORAGE_QUOTA_MB: z.coerce.number().positive("must be a positive number").default(1024),
  TRUST_PROXY: boolean,
  RESEND_API_KEY: z.string().min(1).optional(),
  /**
   * Seconds one mail may wait for Resend before it counts as failed (and is retried like any failed mail): a mail
   * service that hangs must not hold the request that sends it, nor outlast the invitations' claim on their jobs.
   */
  EMAIL_SEND_TIMEOUT_S: z.coerce.number().int().min(1).max(300).default(20),
  EMAIL_FROM: z.string().min(3).default("IdeaVault <no-reply@ideavault.local>"),
  BLOB_READ_WRITE_TOKEN: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  VERCEL: z.string().optional(),
  /** OpenTimestamps calendars every batch is submitted to. */
  OTS_CALENDARS: urlList(DEFAULT_OTS_CALENDARS),
  /** Per-calendar (and per-explorer) request timeout. */
  OTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** A batch counts as submitted only when at least this many calendars answered. */
  OTS_MIN_CALENDARS: z.coerce.number().int().min(1).default(2),
  /** Esplora APIs used to check Bitcoin attestations; every one that answers must agree. */
  ESPLORA_URL: urlList(DEFAULT_ESPLORA_URLS),
  /** RFC 3161 time-stamping authorities; each digest is stamped by the first that answers. Empty: no tokens. */
  TSA_URLS: optionalUrlList(DEFAULT_TSA_URLS),
  /** Bearer token of GET /api/cron/timestamps (Vercel Cron sends it); without it that call always answers 401. */
  CRON_SECRET: z.string().min(16, "must be at least 16 characters (openssl rand -base64 32)").optional(),
  /** Seconds between timestamp job runs inside `npm run dev` / `npm start`; 0 turns the in-process job off. */
  OTS_INTERVAL_S: z.coerce.number().int().min(0).default(600),
  /** Seconds between evidence-log anchors inside `npm run dev` / `npm start`; 0 turns the in-process job off. */
  LOG_ANCHOR_INTERVAL_S: z.coerce.number().int().min(0).default(3600),
  /**
   * Webhook endpoints may be private addresses (loopback, RFC 1918, link-local…) and plain http to loopback, as under
   * `npm run dev`: for tests and closed networks only (lib/domain/webhooks/address.ts).
   */
  WEBHOOKS_ALLOW_PRIVATE: boolean,
}).refine((e) => e.OTS_MIN_CALENDARS <= e.OTS_CALENDARS.length, {
  path: ["OTS_MIN_CALENDARS"],
  message: "must not exceed the number of OTS_CALENDARS",
});

type RawEnv = z.infer<typeof schema>;
export type Env = Omit<RawEnv, "NEXTAUTH_SECRET" | "ENCRYPTION_KEY" | "ENCRYPTION_KEY_ID"> & {
  NEXTAUTH_SECRET: string;
  ENCRYPTION_KEY: string;
  ENCRYPTION_KEY_ID: string;
  dataDir: string;
  /** A deployment that must bring its own secrets (not a local or self-contained embedded-database install). */
  isProductionDeployment: boolean;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/** Variables whose empty value is a setting of its own (turned off), not "unset, use the default". */
const EMPTY_IS_A_VALUE = new Set(["TSA_URLS"]);

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(source)) out[k] = v === "" && !EMPTY_IS_A_VALUE.has(k) ? undefined : v;
  return out;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(emptyToUndefined(source));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  // Self-contained installs (embedded database under DATA_DIR) keep their secrets beside their data.
  const isProductionDeployment = raw.NODE_ENV === "production" && !raw.IDEAVAULT_EMBEDDED_DB;
  const missing: string[] = [];
  if (isProductionDeployment) {
    if (!raw.DATABASE_URL) missing.push("DATABASE_URL");
    if (!raw.NEXTAUTH_SECRET) missing.push("NEXTAUTH_SECRET");
    if (!raw.ENCRYPTION_KEY) missing.push("ENCRYPTION_KEY");
    if (!raw.NEXTAUTH_URL && !raw.VERCEL) missing.push("NEXTAUTH_URL");
  }
  if (missing.length) {
    throw new EnvError(`Missing required environment variables in production: ${missing.join(", ")}. See .env.local.example.`);
  }
  const local = !raw.NEXTAUTH_SECRET || !raw.ENCRYPTION_KEY ? readOrCreateLocalSecrets(dataDir) : undefined;
  return {
    ...raw,
    dataDir,
    isProductionDeployment,
    NEXTAUTH_SECRET: raw.NEXTAUTH_SECRET ?? local!.nextauthSecret,
    ENCRYPTION_KEY: raw.ENCRYPTION_KEY ?? local!.encryptionKey,
    ENCRYPTION_KEY_ID: raw.ENCRYPTION_KEY_ID ?? (raw.ENCRYPTION_KEY ? "k1" : local!.encryptionKeyId),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Tests change variables between cases. */
export function resetEnvCache() {
  cached = undefined;
}
