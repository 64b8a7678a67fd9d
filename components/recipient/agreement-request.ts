import { apiRequest } from "@/client/request";
import type { RecipientAgreement } from "@/client/types";

/**
 * GET /api/share/{token}/agreement: the agreement as the server renders it for this browser's recipient. The details
 * screen starts it as it moves to the agreement screen, which takes that request once instead of waiting for a round
 * trip of its own after it mounts.
 */
const ahead = new Map<string, Promise<RecipientAgreement>>();

function request(token: string) {
  return apiRequest<RecipientAgreement>("GET", `/api/share/${encodeURIComponent(token)}/agreement`);
}

export function loadAgreementAhead(token: string) {
  const started = request(token);
  started.catch(() => ahead.delete(token));
  ahead.set(token, started);
}

/** The request started ahead, if any (once), else a new one; `fresh` always asks again (after a change). */
export function loadAgreement(token: string, fresh = false): Promise<RecipientAgreement> {
  const started = fresh ? undefined : ahead.get(token);
  ahead.delete(token);
  return started ?? request(token);
}
