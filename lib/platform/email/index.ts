import "server-only";
import { Resend } from "resend";
import { getEnv } from "@/lib/platform/env";
import { writeToOutbox } from "@/lib/platform/email/outbox";
import { withDisplayName } from "@/lib/platform/email/address";

export type EmailAttachment = { filename: string; content: Uint8Array; contentType: string };
/**
 * `replyTo`: where an answer goes when it should reach a person rather than our sending address (the sharer).
 * `fromName`: the display name of the From header in place of EMAIL_FROM's (the sharer's, on their recipients' mails);
 * the address stays ours.
 */
export type EmailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string; fromName?: string; attachments?: EmailAttachment[] };

export interface EmailSender {
  send(message: EmailMessage & { from: string }): Promise<void>;
}

class ResendSender implements EmailSender {
  private client: Resend;
  constructor(
    apiKey: string,
    private timeoutS: number,
  ) {
    this.client = new Resend(apiKey);
  }
  async send(m: EmailMessage & { from: string }) {
    const attachments = m.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType }));
    const signal = AbortSignal.timeout(this.timeoutS * 1000);
    const { error } = await this.client.emails.send(
      {
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        ...(attachments?.length ? { attachments } : {}),
      },
      { signal },
    );
    if (!error) return;
    // The client turns an aborted request into an error of its own words; say what happened.
    throw new Error(signal.aborted ? `Resend did not answer within ${this.timeoutS} s` : `Resend refused the e-mail: ${error.message}`);
  }
}

class OutboxSender implements EmailSender {
  async send(m: EmailMessage & { from: string }) {
    const { attachments, ...rest } = m;
    await writeToOutbox({
      ...rest,
      ...(attachments?.length
        ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content).toString("base64") })) }
        : {}),
    });
  }
}

/** Resend when RESEND_API_KEY is set, otherwise the local outbox under DATA_DIR/outbox. */
export function emailSender(): EmailSender {
  const { RESEND_API_KEY: key, EMAIL_SEND_TIMEOUT_S } = getEnv();
  return key ? new ResendSender(key, EMAIL_SEND_TIMEOUT_S) : new OutboxSender();
}

export async function sendEmail({ fromName, ...message }: EmailMessage) {
  const from = getEnv().EMAIL_FROM;
  await emailSender().send({ ...message, from: fromName ? withDisplayName(from, fromName) : from });
}
