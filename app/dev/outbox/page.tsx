import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getEnv } from "@/lib/platform/env";
import { listOutbox } from "@/lib/platform/email/outbox";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Local outbox", robots: { index: false, follow: false } };

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** The text body with every http(s) URL turned into a link. */
function withLinks(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="text-brand break-all underline underline-offset-4">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

function formatSize(bytes: number) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(0)} kB`;
}

function formatSentAt(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }) + " UTC";
}

/**
 * Developer-only view of the e-mails written to DATA_DIR/outbox when no RESEND_API_KEY is configured.
 * It shows reset and invitation links to anyone who can reach it, so it exists only under `npm run dev`
 * (or with DEV_OUTBOX=true, which the end-to-end tests set) and never when real e-mail delivery is on.
 */
export default async function DevOutboxPage() {
  const env = getEnv();
  if (!(env.NODE_ENV === "development" || env.DEV_OUTBOX) || env.RESEND_API_KEY) notFound();

  const entries = await listOutbox();

  return (
    <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-2 border-b pb-4">
        <h1 className="text-2xl font-semibold">Local outbox</h1>
        <p className="text-muted-foreground text-sm">
          E-mails are written here instead of being sent because RESEND_API_KEY is not set. Newest first
          {entries.length ? ` (${entries.length})` : ""}.
        </p>
      </header>

      {entries.length === 0 ? (
        <p className="text-muted-foreground">The outbox is empty.</p>
      ) : (
        <ol className="space-y-4">
          {entries.map((entry) => (
            <li key={entry.id}>
              <article aria-labelledby={`mail-${entry.id}`} className="space-y-3 rounded-lg border p-4">
                <header className="space-y-1">
                  <h2 id={`mail-${entry.id}`} className="font-semibold">
                    {entry.subject}
                  </h2>
                  <dl className="text-muted-foreground grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    <dt>To</dt>
                    <dd className="break-all">{entry.to}</dd>
                    <dt>From</dt>
                    <dd className="break-all">{entry.from}</dd>
                    <dt>Sent</dt>
                    <dd>
                      <time dateTime={entry.sentAt}>{formatSentAt(entry.sentAt)}</time>
                    </dd>
                  </dl>
                </header>
                <pre className="bg-muted overflow-x-auto rounded-md p-3 text-sm whitespace-pre-wrap">{withLinks(entry.text)}</pre>
                {entry.attachments?.length ? (
                  <section aria-label="Attachments" className="text-sm">
                    <h3 className="font-medium">Attachments</h3>
                    <ul className="text-muted-foreground list-disc pl-5">
                      {entry.attachments.map((a, i) => (
                        <li key={i}>
                          {a.filename} ({a.contentType}, {formatSize(Math.floor((a.content.length * 3) / 4))})
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
