import type { PageTime } from "@/client/reading-clock";

/**
 * A room recipient's own reading progress, kept in this browser from what the reader reports (the server keeps the
 * record; this is only what the room's index shows them): per idea opened, the pages or sections with reading time.
 * An idea opened but left before any reading time was counted has an entry with no pages.
 */
export type ItemProgress = { pages: number[]; ms: number };
export type RoomProgress = Record<string, ItemProgress>;

const KEY_PREFIX = "ideavault:room-progress:";

/** The progress after one more report: pages joined (each once, in order), time added. */
export function withReport(progress: RoomProgress, ideaId: number, report: readonly PageTime[]): RoomProgress {
  const current = progress[ideaId] ?? { pages: [], ms: 0 };
  const read = report.filter((p) => p.ms > 0);
  if (read.length === 0) return progress;
  const pages = [...new Set([...current.pages, ...read.map((p) => p.n)])].sort((a, b) => a - b);
  return { ...progress, [ideaId]: { pages, ms: current.ms + read.reduce((sum, p) => sum + p.ms, 0) } };
}

/** The progress once the idea is opened: an entry (without pages) if it had none. */
export function withOpened(progress: RoomProgress, ideaId: number): RoomProgress {
  return progress[ideaId] ? progress : { ...progress, [ideaId]: { pages: [], ms: 0 } };
}

/**
 * 'Not opened yet', 'Opened' (no reading time counted yet), '2 of 3 pages read', 'Read' (every page or section), or
 * '2 sections read' without a count.
 */
export function progressText(progress: ItemProgress | undefined, pageCount: number | null, unit: "page" | "section"): string {
  if (!progress) return "Not opened yet";
  const read = progress.pages.filter((n) => pageCount === null || n <= pageCount).length;
  if (read === 0) return "Opened";
  if (pageCount !== null && read >= pageCount) return "Read";
  return pageCount !== null ? `${read} of ${pageCount} ${unit}s read` : `${read} ${unit}${read === 1 ? "" : "s"} read`;
}

/** The share of an item read, 0 to 1 (0 without a count). */
export function progressShare(progress: ItemProgress | undefined, pageCount: number | null): number {
  if (!progress || !pageCount) return 0;
  return Math.min(1, progress.pages.filter((n) => n <= pageCount).length / pageCount);
}

const storageKey = (token: string) => KEY_PREFIX + token;

/** The stored progress as stored (a string compares by value: the index re-renders only when it changed), or null. */
export function storedRoomProgress(token: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(token));
  } catch {
    // Storage refused (private mode, full): progress is a convenience, reading goes on without it.
    return null;
  }
}

export function parseRoomProgress(raw: string | null): RoomProgress {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" ? (parsed as RoomProgress) : {};
  } catch {
    return {};
  }
}

/**
 * Who shows the progress (the room's index) is told of every change: the reader records its last report as it
 * unmounts, which is after the index that replaces it has rendered; another tab's changes arrive as storage events.
 */
const listeners = new Set<() => void>();

export function subscribeRoomProgress(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function updateRoomProgress(token: string, update: (progress: RoomProgress) => RoomProgress) {
  const before = parseRoomProgress(storedRoomProgress(token));
  const after = update(before);
  if (after === before) return;
  try {
    window.localStorage.setItem(storageKey(token), JSON.stringify(after));
  } catch {
    // Storage refused: see storedRoomProgress.
    return;
  }
  for (const listener of listeners) listener();
}

/** Marks the idea opened (best effort): the index says so even if the reader leaves before any time is counted. */
export function recordRoomItemOpened(token: string, ideaId: number) {
  updateRoomProgress(token, (progress) => withOpened(progress, ideaId));
}

/** Adds a report to the stored progress (best effort, like the report itself). */
export function recordRoomProgress(token: string, ideaId: number, report: readonly PageTime[]) {
  updateRoomProgress(token, (progress) => withReport(progress, ideaId, report));
}
