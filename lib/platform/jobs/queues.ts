import PgBoss from "pg-boss";
import { pgConfigFromUrl } from "../db/config";

/**
 * The job queues, all on pg-boss (docs/decisions/job-queue.md): names, what each job carries, and how the library
 * treats it. No "server-only" here: the migration runner (scripts, jest's global setup) installs the schema and the
 * queues through installJobQueues.
 */
export const JOB_SCHEMA = "pgboss";

export type JobPayloads = {
  /** One pass of the timestamp job: upgrade pending proofs, stamp queued digests (one batch per run). */
  timestamps: Record<string, never>;
  /** Deliveries an event just queued, attempted at once. */
  webhooks: { ids: string[] };
  /** Every due webhook delivery (retries, and anything a kick missed). */
  "webhooks-sweep": Record<string, never>;
  /** The owner's recipient mails whose burst window has closed. */
  notifications: Record<string, never>;
  /** One published PDF's pages, from `nextPage` on; `attempt` counts failed runs of this file. */
  pages: { assetId: string; nextPage: number; attempt: number };
  /** Expired derived copies (marked PDFs) are deleted. */
  "pages-sweep": Record<string, never>;
  /** One RFC 3161 token to ask a time-stamping authority for (queued with its proof, and again for each retry). */
  tsa: { tokenId: string };
};
export type JobName = keyof JobPayloads;

/**
 * How long a job is its worker's (the lease: past it the job is failed and retried, whether its worker is slow or
 * dead) and how often the library retries a run that threw or was lost. Periodic jobs are not retried: the next
 * run is the retry. A webhook kick is not either: the sweep picks up whatever
 * it left. A page job is retried on a crash; the failures it catches itself follow its own schedule.
 */
export const QUEUES: Record<JobName, Omit<PgBoss.Queue, "name">> = {
  timestamps: { policy: "standard", expireInSeconds: 15 * 60, retryLimit: 0 },
  webhooks: { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  "webhooks-sweep": { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  notifications: { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  // "short": one queued job per file (its key), so publishing it again while it waits queues nothing more.
  pages: { policy: "short", expireInSeconds: 2 * 60, retryLimit: 4, retryDelay: 60 },
  "pages-sweep": { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  // The token's own schedule handles authorities that fail; these retries are for a run that crashed (after its lease).
  tsa: { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 3, retryDelay: 120 },
};

export const JOB_NAMES = Object.keys(QUEUES) as JobName[];

/** Finished jobs are kept this long (a record of what ran), then the library deletes them. */
// A day: a periodic job's slot (at most the longest interval) stays taken while its job is in this table.
const RETENTION = { archiveCompletedAfterSeconds: 24 * 3600, deleteAfterDays: 7 };

export function bossOptions(databaseUrl: string, extra: PgBoss.ConstructorOptions = {}): PgBoss.ConstructorOptions {
  const { host, port, user, password, database, ssl } = pgConfigFromUrl(databaseUrl);
  return { host, port, user, password: typeof password === "string" ? password : undefined, database, ssl, schema: JOB_SCHEMA, application_name: "ideavault-jobs", ...RETENTION, ...extra };
}

/**
 * Installs (or upgrades) pg-boss's schema and creates or updates our queues. pg-boss serialises its own migrations
 * with an advisory lock, so two instances starting on one database install it once; creating a queue that exists
 * is skipped.
 */
export async function installJobQueues(databaseUrl: string) {
  const boss = new PgBoss(bossOptions(databaseUrl, { max: 2, supervise: false, schedule: false, migrate: true }));
  boss.on("error", (err) => console.error("[jobs] while installing the queues", err));
  await boss.start();
  try {
    for (const name of JOB_NAMES) {
      if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...QUEUES[name] });
      else await boss.createQueue(name, { name, ...QUEUES[name] }).catch(async (err: unknown) => {
        // Created by another instance meanwhile.
        if (!(await boss.getQueue(name))) throw err;
      });
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}
