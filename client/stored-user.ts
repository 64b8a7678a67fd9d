import type { CurrentUserInfo } from "@/client/types";

/**
 * SPEC §7 keeps the signed-in user in localStorage as `currentUser` (logout clears it). Storage can be unavailable
 * (private mode) or corrupt: the session cookie holds the truth, so failures here are not the user's concern.
 */
const KEY = "currentUser";

/** After a sign-in (log in, or the sign-in that comes with registering). */
export function storeCurrentUser(user: CurrentUserInfo | undefined) {
  if (!user) return;
  try {
    localStorage.setItem(KEY, JSON.stringify(user));
  } catch {
    // see above
  }
}

/** Merges fields into the stored user (profile edits). */
export function updateStoredUser(patch: Partial<CurrentUserInfo>) {
  try {
    const raw = localStorage.getItem(KEY);
    const current: unknown = raw ? JSON.parse(raw) : {};
    const base = current && typeof current === "object" ? current : {};
    localStorage.setItem(KEY, JSON.stringify({ ...base, ...patch }));
  } catch {
    // see above
  }
}
