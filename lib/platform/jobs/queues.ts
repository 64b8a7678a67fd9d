import PgBoss from "pg-boss";
import { pgConfigFromUrl } from "../db/config";

/**
 * The job queues, all on pg-boss (docs/decisions/job-queue.md): names, what each job carries, and how the library
 * treats it. No "server-only" here: the migration runner (scripts, jest's global setup) installs the schema and the
 * queues through installJobQueues.
 */
export const JOB_SCHEMA = "pgboss";

export type JobPayloads = {
  /** Periodic: proofs of subjects from before proofs existed are queued; a proof left without a job gets one. */
  timestamps: Record<string, never>;
  /** One queued proof to submit to the calendars (a worker takes all due ones as one batch); `attempt` counts from 1. */
  stamp: { proofId: string; attempt: number };
  /** A pending proof's next calendar check; `check` counts from 1 and sets the wait before the next one. */
  "timestamp-upgrade": { proofId: string; check: number };
  /** One attempt of one webhook delivery (the first when its event is queued, then each retry). */
  webhooks: { deliveryId: string };
  /** Periodic: finished deliveries past their retention are deleted; a pending one left without a job gets one. */
  "webhooks-sweep": Record<string, never>;
  /** The owner's mail that one proof of a published version is anchored in Bitcoin (queued when it is confirmed). */
  "anchored-mail": { proofId: string };
  /** One recipient's burst of events for the owner's mail, due when the burst's window closes. */
  "owner-mail": { recipientId: string };
  /** Periodic: mailed events past their retention are deleted; a pending one left without a job gets one. */
  notifications: Record<string, never>;
  /** Periodic: visits with reading time and no report for VISIT_IDLE_MINUTES are queued for the owner's summary mail. */
  "visits-ended": Record<string, never>;
  /** One published PDF's pages, from `nextPage` on; `attempt` counts failed runs of this file. */
  pages: { assetId: string; nextPage: number; attempt: number };
  /** Expired derived copies (marked PDFs) are deleted. */
  "pages-sweep": Record<string, never>;
  /** One Merkle tree over the heads of the evidence logs changed since the last anchor, its root queued for stamping. */
  "log-anchors": Record<string, never>;
  /** One RFC 3161 token to ask a time-stamping authority for (queued with its proof, and again for each retry). */
  tsa: { tokenId: string };
  /** One acceptance's certificate PDF, built and kept because the facts it prints changed (its proof moved on). */
  certificates: { ndaId: string };
  /**
   * One e-mail link's invitation to one address, that could not be sent when the link was created or the address
   * added; `attempt` counts from 1. `origin` is the one the owner's request came from (the link in the mail).
   */
  invitations: { shareId: string; email: string; origin: string; attempt: number };
};
export type JobName = keyof JobPayloads;

/**
 * How long a job is its worker's (the lease: past it the job is failed and retried, whether its worker is slow or
 * dead) and how often the library retries a run that threw or was lost. Periodic jobs are not retried: the next
 * run is the retry. The outcomes a job expects (a calendar that refuses, a receiver that answers 500, a mail
 * provider that fails) are not throws: the handler records them and queues the next attempt at the time its own
 * schedule says (startAfter). The library's retries are for crashes and lost leases, with its jittered backoff.
 * A page job is retried on a crash; the failures it catches itself follow its own schedule.
 */
const CRASH_RETRIES = { retryLimit: 10, retryDelay: 60, retryBackoff: true };
export const QUEUES: Record<JobName, Omit<PgBoss.Queue, "name">> = {
  timestamps: { policy: "standard", expireInSeconds: 15 * 60, retryLimit: 0 },
  // Longer than the calendars' two timeouts and the write of a batch of 10 000 proofs.
  stamp: { policy: "standard", expireInSeconds: 5 * 60, ...CRASH_RETRIES },
  "timestamp-upgrade": { policy: "standard", expireInSeconds: 15 * 60, ...CRASH_RETRIES },
  // Longer than an attempt's DNS check and request together.
  webhooks: { policy: "standard", expireInSeconds: 60, ...CRASH_RETRIES },
  "webhooks-sweep": { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  // "stately": one waiting and one running job per recipient (its key), so events during a burst queue nothing more.
  "owner-mail": { policy: "stately", expireInSeconds: 2 * 60, ...CRASH_RETRIES },
  notifications: { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  "visits-ended": { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  "anchored-mail": { policy: "standard", expireInSeconds: 2 * 60, ...CRASH_RETRIES },
  // "short": one queued job per file (its key), so publishing it again while it waits queues nothing more.
  pages: { policy: "short", expireInSeconds: 2 * 60, retryLimit: 4, retryDelay: 60 },
  "pages-sweep": { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  "log-anchors": { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 0 },
  // The token's own schedule handles authorities that fail; these retries are for a run that crashed (after its lease).
  tsa: { policy: "standard", expireInSeconds: 5 * 60, retryLimit: 3, retryDelay: 120 },
  certificates: { policy: "standard", expireInSeconds: 2 * 60, retryLimit: 3, retryDelay: 60 },
  // A mail that fails is the handler's own retry (a new job, later); these retries are for a run that crashed.
  invitations: { policy: "standard", expireInSeconds: 2 * 60, ...CRASH_RETRIES },
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
