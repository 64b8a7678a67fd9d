import type { RoomReading, RoomReadingItem } from "@/client/types";

/**
 * The room's reading table (GET /api/rooms/{id}/reading), pure: recipients × ideas, each cell the time and the share of
 * pages or sections read; an idea a recipient never opened is absent from their items or has ms 0.
 */
export type ReadingRecipient = RoomReading["recipients"][number];

/** A column to sort by: the recipient's name, their total time, or one idea's time. */
export type ReadingColumn = { kind: "name" } | { kind: "total" } | { kind: "idea"; ideaId: number };
export type ReadingSort = { column: ReadingColumn; direction: "ascending" | "descending" };

export const DEFAULT_READING_SORT: ReadingSort = { column: { kind: "name" }, direction: "ascending" };

/** The recipient's reading of an idea, null when they have not opened it. */
export function readingCell(recipient: ReadingRecipient, ideaId: number): RoomReadingItem | null {
  const item = recipient.items.find((i) => i.ideaId === ideaId);
  return item && (item.ms > 0 || item.pagesRead > 0) ? item : null;
}

export function totalMs(recipient: ReadingRecipient): number {
  return recipient.items.reduce((sum, i) => sum + i.ms, 0);
}

/** 'pages read: 2 of 3' as a share, '67 %' (without a page count: '2 read'). */
export function shareReadText(cell: Pick<RoomReadingItem, "pagesRead" | "pageCount">): string {
  if (!cell.pageCount) return `${cell.pagesRead} read`;
  return `${Math.round((Math.min(cell.pagesRead, cell.pageCount) / cell.pageCount) * 100)} %`;
}

/** How many of the room's ideas a recipient opened. */
export function ideasOpened(recipient: ReadingRecipient, ideaIds: readonly number[]): number {
  return ideaIds.filter((id) => readingCell(recipient, id) !== null).length;
}

function sortValue(recipient: ReadingRecipient, column: ReadingColumn): string | number {
  if (column.kind === "name") return (recipient.name || recipient.email).toLocaleLowerCase();
  if (column.kind === "total") return totalMs(recipient);
  return readingCell(recipient, column.ideaId)?.ms ?? 0;
}

/** The recipients in the order asked for; ties by name, so the order is stable between loads. */
export function sortReading(recipients: readonly ReadingRecipient[], sort: ReadingSort): ReadingRecipient[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const byName = (a: ReadingRecipient, b: ReadingRecipient) => String(sortValue(a, { kind: "name" })).localeCompare(String(sortValue(b, { kind: "name" })));
  return [...recipients].sort((a, b) => {
    const x = sortValue(a, sort.column);
    const y = sortValue(b, sort.column);
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return order !== 0 ? sign * order : byName(a, b);
  });
}

export function sameColumn(a: ReadingColumn, b: ReadingColumn): boolean {
  return a.kind === b.kind && (a.kind !== "idea" || (b.kind === "idea" && a.ideaId === b.ideaId));
}

/** A header pressed: the same column turns its direction round; another starts ascending for names, descending for times. */
export function nextSort(current: ReadingSort, column: ReadingColumn): ReadingSort {
  if (sameColumn(current.column, column)) return { column, direction: current.direction === "ascending" ? "descending" : "ascending" };
  return { column, direction: column.kind === "name" ? "ascending" : "descending" };
}
