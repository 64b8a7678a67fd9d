"use client";

import * as React from "react";
import Link from "next/link";
import { ChevronRight, FileText, FolderOpen } from "lucide-react";
import { parseRoomProgress, progressShare, progressText, storedRoomProgress, subscribeRoomProgress, type RoomProgress } from "@/components/recipient/room-progress";
import type { SharedRoom, SharedRoomItem } from "@/client/types";

export const EMPTY_ROOM = "This room has no documents yet";

/** The address of one idea of the room in the reader. */
export function roomItemPath(token: string, ideaId: number) {
  return `/document/${encodeURIComponent(token)}?item=${ideaId}`;
}

function kindText(item: SharedRoomItem) {
  const unit = item.kind === "pdf" ? "page" : "section";
  const kind = item.kind === "pdf" ? "PDF" : item.kind === "canvas" ? "Canvas" : "Document";
  return item.pageCount ? `${kind} · ${item.pageCount} ${unit}${item.pageCount === 1 ? "" : "s"}` : kind;
}

/** Items grouped by folder, in the room's order; items without a folder first. */
function byFolder(items: SharedRoomItem[]): { folder: string | null; items: SharedRoomItem[] }[] {
  const groups = new Map<string | null, SharedRoomItem[]>();
  for (const item of items) groups.set(item.folder ?? null, [...(groups.get(item.folder ?? null) ?? []), item]);
  return [...groups].map(([folder, list]) => ({ folder, items: list })).sort((a, b) => (a.folder === null ? -1 : b.folder === null ? 1 : 0));
}

function RoomEntry({ item, token, progress }: { item: SharedRoomItem; token: string; progress: RoomProgress }) {
  const unit = item.kind === "pdf" ? "page" : "section";
  const own = progress[item.ideaId];
  const share = progressShare(own, item.pageCount);
  return (
    <li>
      <Link
        href={roomItemPath(token, item.ideaId)}
        prefetch={false}
        data-room-entry={item.ideaId}
        className="hover:border-brand/40 focus-visible:ring-ring/50 flex min-h-11 items-center gap-3 rounded-lg border bg-background p-3 outline-none focus-visible:ring-[3px]"
      >
        <FileText aria-hidden="true" className="text-brand size-5 shrink-0" />
        <span className="min-w-0 flex-1 space-y-1">
          <span className="block font-medium break-words">{item.title}</span>
          <span className="text-muted-foreground block text-xs">
            {kindText(item)}
            {item.version ? ` · v${item.version}` : ""}
          </span>
          <span className="text-muted-foreground block text-xs" data-slot="room-progress">
            {progressText(own, item.pageCount, unit)}
          </span>
          {/* The text above says it; the bar is for the eye (no progress widget's code on the recipient pages). */}
          {share > 0 ? (
            <span aria-hidden="true" className="bg-primary/15 block h-1.5 overflow-hidden rounded-full">
              <span className="bg-primary block h-full rounded-full" style={{ width: `${Math.round(share * 100)}%` }} />
            </span>
          ) : null}
        </span>
        <ChevronRight aria-hidden="true" className="text-muted-foreground size-5 shrink-0" />
      </Link>
    </li>
  );
}

/**
 * A room link's first screen: the room's name and welcome note, then each idea (in folders when the owner made them)
 * with its kind, its page or section count and this recipient's own progress, each opening in the reader.
 */
export function RoomIndex({ room, token, sender }: { room: SharedRoom; token: string; sender: string | null }) {
  // Kept up to date, not read once: the reader that opened an idea records its last reading time as it unmounts,
  // after this index has rendered in its place. None on the server (no storage), so the hydrated HTML agrees.
  const stored = React.useSyncExternalStore(
    subscribeRoomProgress,
    () => storedRoomProgress(token),
    () => null,
  );
  const progress = React.useMemo<RoomProgress>(() => parseRoomProgress(stored), [stored]);

  return (
    <article aria-labelledby="room-title" className="mx-auto grid w-full max-w-2xl min-w-0 gap-4">
      <header className="space-y-2">
        <h1 id="room-title" className="text-brand flex items-start gap-2 text-2xl font-bold break-words">
          <FolderOpen aria-hidden="true" className="mt-1 size-6 shrink-0" />
          <span className="min-w-0">{room.name}</span>
        </h1>
        {sender ? <p className="text-muted-foreground text-sm">Shared by {sender}</p> : null}
        {room.note ? <p className="rounded-lg border bg-background p-3 text-sm break-words whitespace-pre-line">{room.note}</p> : null}
      </header>
      {room.items.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed bg-background px-4 py-8 text-center">{EMPTY_ROOM}</p>
      ) : (
        byFolder(room.items).map((group) => (
          <section key={group.folder ?? ""} aria-label={group.folder ?? "Documents"} className="space-y-2">
            {group.folder ? <h2 className="text-sm font-semibold">{group.folder}</h2> : null}
            <ul className="space-y-2">
              {group.items.map((item) => (
                <RoomEntry key={item.ideaId} item={item} token={token} progress={progress} />
              ))}
            </ul>
          </section>
        ))
      )}
    </article>
  );
}
