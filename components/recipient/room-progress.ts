import type { PageTime } from "@/client/reading-clock";

/**
 * A room recipient's own reading progress, kept in this browser from what the reader reports (the server keeps the
 * record; this is only what the room's index shows them): per idea, the pages or sections with reading time.
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

/** 'Not opened yet', '2 of 3 pages read', 'Read' (every page or section), or '2 sections read' without a count. */
export function progressText(progress: ItemProgress | undefined, pageCount: number | null, unit: "page" | "section"): string {
  const read = progress?.pages.filter((n) => pageCount === null || n <= pageCount).length ?? 0;
  if (read === 0) return "Not opened yet";
  if (pageCount !== null && read >= pageCount) return "Read";
  return pageCount !== null ? `${read} of ${pageCount} ${unit}s read` : `${read} ${unit}${read === 1 ? "" : "s"} read`;
}

/** The share of an item read, 0 to 1 (0 without a count). */
export function progressShare(progress: ItemProgress | undefined, pageCount: number | null): number {
  if (!progress || !pageCount) return 0;
  return Math.min(1, progress.pages.filter((n) => n <= pageCount).length / pageCount);
}

export function loadRoomProgress(token: string): RoomProgress {
  try {
    const raw = window.localStorage.getItem(KEY_PREFIX + token);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === "object" ? (parsed as RoomProgress) : {};
  } catch {
    // Storage refused (private mode, full): progress is a convenience, reading goes on without it.
    return {};
  }
}

/** Adds a report to the stored progress (best effort, like the report itself). */
export function recordRoomProgress(token: string, ideaId: number, report: readonly PageTime[]) {
  try {
    window.localStorage.setItem(KEY_PREFIX + token, JSON.stringify(withReport(loadRoomProgress(token), ideaId, report)));
  } catch {
    // Storage refused: see loadRoomProgress.
  }
}
