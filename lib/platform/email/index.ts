import "server-only";
import { Resend } from "resend";
import { getEnv } from "@/lib/platform/env";
import { writeToOutbox } from "@/lib/platform/email/outbox";

export type EmailAttachment = { filename: string; content: Uint8Array; contentType: string };
/** `replyTo`: where an answer goes when it should reach a person rather than our sending address (the sharer). */
export type EmailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string; attachments?: EmailAttachment[] };

export interface EmailSender {
  send(message: EmailMessage & { from: string }): Promise<void>;
}

class ResendSender implements EmailSender {
  private client: Resend;
  constructor(apiKey: string) {
    this.client = new Resend(apiKey);
  }
  async send(m: EmailMessage & { from: string }) {
    const attachments = m.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType }));
    const { error } = await this.client.emails.send({
      from: m.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      ...(m.replyTo ? { replyTo: m.replyTo } : {}),
      ...(attachments?.length ? { attachments } : {}),
    });
    if (error) throw new Error(`Resend refused the e-mail: ${error.message}`);
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
  const key = getEnv().RESEND_API_KEY;
  return key ? new ResendSender(key) : new OutboxSender();
}

export async function sendEmail(message: EmailMessage) {
  await emailSender().send({ ...message, from: getEnv().EMAIL_FROM });
}
