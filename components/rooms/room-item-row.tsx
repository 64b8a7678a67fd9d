"use client";

import { useState, type DragEvent, type KeyboardEvent } from "react";
import { ArrowDown, ArrowUp, GripVertical, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { keyMove } from "@/components/rooms/room-order";
import type { RoomItem } from "@/client/types";
import { cn } from "@/client/utils";

const KIND_LABELS: Record<RoomItem["kind"], string> = { pdf: "PDF", html: "Document", canvas: "Canvas", other: "Document" };

/** 'PDF · 12 pages', 'Document · 3 sections'. */
export function itemKindText(item: Pick<RoomItem, "kind" | "pageCount">): string {
  const unit = item.kind === "pdf" ? "page" : "section";
  return item.pageCount ? `${KIND_LABELS[item.kind]} · ${item.pageCount} ${unit}${item.pageCount === 1 ? "" : "s"}` : KIND_LABELS[item.kind];
}

type Props = {
  item: RoomItem;
  index: number;
  count: number;
  instructionsId: string;
  disabled: boolean;
  dragging: boolean;
  onMove: (to: number) => void;
  onChange: (next: RoomItem) => void;
  onRemove: () => void;
  onDragStart: () => void;
  onDragOverRow: () => void;
  onDragEnd: () => void;
};

/**
 * One idea of the room: its place (a drag handle that the arrow keys also move, and Move up / Move down), its folder,
 * whether it stays on its current version, whether recipients may download it, and Remove.
 */
export function RoomItemRow({ item, index, count, instructionsId, disabled, dragging, onMove, onChange, onRemove, onDragStart, onDragOverRow, onDragEnd }: Props) {
  const [folder, setFolder] = useState(item.folder ?? "");
  const [shownFolder, setShownFolder] = useState(item.folder);
  if (item.folder !== shownFolder) {
    setShownFolder(item.folder);
    setFolder(item.folder ?? "");
  }
  const title = item.title.trim() || "Untitled Idea";
  const base = `room-item-${item.ideaId}`;

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = keyMove(event.key, index, count);
    if (to === null) return;
    event.preventDefault();
    if (to >= 0 && to < count && to !== index) onMove(to);
  };
  const saveFolder = () => {
    const next = folder.trim() || null;
    if (next !== (item.folder ?? null)) onChange({ ...item, folder: next });
  };

  return (
    <li
      data-room-item={item.ideaId}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        onDragOverRow();
      }}
      onDrop={(event) => event.preventDefault()}
      className={cn("bg-background space-y-3 rounded-lg border p-3", dragging && "border-brand opacity-60")}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          draggable={!disabled}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", String(item.ideaId));
            onDragStart();
          }}
          onDragEnd={onDragEnd}
          onKeyDown={onHandleKey}
          disabled={disabled}
          data-handle={item.ideaId}
          aria-label={`Reorder ${title}, position ${index + 1} of ${count}`}
          aria-describedby={instructionsId}
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 flex size-11 shrink-0 cursor-grab items-center justify-center rounded-md outline-none focus-visible:ring-[3px] sm:size-9"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">
            <span className="text-muted-foreground mr-1 tabular-nums">{index + 1}.</span>
            {title}
          </p>
          <p className="text-muted-foreground text-xs">
            {itemKindText(item)}
            {item.version ? ` · v${item.version}` : ""}
          </p>
        </div>
        <div className="flex shrink-0 items-center">
          <Button type="button" variant="ghost" size="icon" className="size-11 sm:size-9" aria-label={`Move ${title} up`} disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-11 sm:size-9" aria-label={`Move ${title} down`} disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="text-muted-foreground hover:text-destructive size-11 sm:size-9" aria-label={`Remove ${title} from the room`} disabled={disabled} onClick={onRemove}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <div className="space-y-1">
          <Label htmlFor={`${base}-folder`} className="text-xs">
            Folder
          </Label>
          <Input
            id={`${base}-folder`}
            value={folder}
            placeholder="None"
            maxLength={60}
            disabled={disabled}
            onChange={(e) => setFolder(e.target.value)}
            onBlur={saveFolder}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                saveFolder();
              }
            }}
            className="h-11 sm:h-9"
          />
        </div>
        <div className="flex min-h-11 items-center gap-2 sm:min-h-9">
          <Switch
            id={`${base}-pin`}
            checked={item.pinVersion !== null}
            disabled={disabled || (item.version === null && item.pinVersion === null)}
            onCheckedChange={(on) => onChange({ ...item, pinVersion: on ? (item.pinVersion ?? item.version) : null })}
          />
          <Label htmlFor={`${base}-pin`} className="text-sm font-normal">
            {item.pinVersion !== null ? `Stays on v${item.pinVersion}` : item.version ? `Stay on v${item.version}` : "Stay on this version"}
          </Label>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${base}-download`} className="text-xs">
            Download
          </Label>
          <select
            id={`${base}-download`}
            value={item.allowDownload === null ? "link" : item.allowDownload ? "yes" : "no"}
            disabled={disabled}
            onChange={(e) => onChange({ ...item, allowDownload: e.target.value === "link" ? null : e.target.value === "yes" })}
            className="border-input bg-background focus-visible:ring-ring/50 h-11 w-full rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px] sm:h-9"
          >
            <option value="link">As the link says</option>
            <option value="yes">Allowed</option>
            <option value="no">Not allowed</option>
          </select>
        </div>
      </div>
    </li>
  );
}
