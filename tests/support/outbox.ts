import { listOutbox } from "@/lib/platform/email/outbox";

/** The 6-digit code in the verification mail the local outbox holds for `to` (the first one it lists). */
export async function mailedCode(to: string) {
  const mail = (await listOutbox()).find((m) => m.to === to && m.subject === "Your IdeaVault verification code");
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
