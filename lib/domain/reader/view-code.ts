import "server-only";
import { currentKeyId, derivedKey } from "@/lib/platform/crypto";
import { codeSigns } from "@/lib/domain/reader/page-code";

/**
 * A view's invisible page code (page-code.ts): its signs come from a key derived from the server's encryption key and
 * the view's id. The view stores only the key's id (ViewEvent.pageCodeKeyId), so the code can be made again to trace
 * a leak, after a key rotation too (ENCRYPTION_OLD_KEYS), and nothing in the database reveals it.
 */
const PURPOSE = "ideavault page code v1";

/** The key id a new view's code is derived from. */
export function pageCodeKeyId() {
  return currentKeyId();
}

/** The view's signs; null when its key id is not configured any more (its pages cannot be traced). */
export function viewCodeSigns(view: { id: string; pageCodeKeyId: string | null }): Int8Array | null {
  if (!view.pageCodeKeyId) return null;
  const key = derivedKey(view.pageCodeKeyId, PURPOSE, view.id);
  return key ? codeSigns(key) : null;
}

/** Signs made recently, by view: a reader turning pages asks for the same view's code again and again. */
const recent = new Map<string, Int8Array | null>();
const RECENT_MAX = 500;

export function cachedViewCodeSigns(view: { id: string; pageCodeKeyId: string | null }): Int8Array | null {
  const id = `${view.pageCodeKeyId}:${view.id}`;
  if (recent.has(id)) return recent.get(id)!;
  const signs = viewCodeSigns(view);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(id, signs);
  return signs;
}
