import type { RoomItem, RoomItemInput } from "@/client/types";

/** The list with the entry at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** What a screen reader hears after a move: 'Deck moved to position 2 of 3'. */
export function movedText(title: string, index: number, count: number): string {
  return `${title} moved to position ${index + 1} of ${count}`;
}

/** The PUT /api/rooms/{id}/items body for the items in the order shown (the order is the list's). */
export function itemInputs(items: readonly Pick<RoomItem, "ideaId" | "folder" | "pinVersion" | "allowDownload">[]): RoomItemInput[] {
  return items.map((item) => ({
    ideaId: item.ideaId,
    folder: item.folder?.trim() ? item.folder.trim() : null,
    pinVersion: item.pinVersion,
    allowDownload: item.allowDownload,
  }));
}

/** Which way a moving key sends a focused handle: ↑/← one up, ↓/→ one down, Home/End to either end. */
export function keyMove(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowUp":
    case "ArrowLeft":
      return index - 1;
    case "ArrowDown":
    case "ArrowRight":
      return index + 1;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
