"use client";

import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { serverFieldErrors } from "@/components/share/share-form-values";
import { errorMessage } from "@/client/request";

const ROOM_FIELDS = ["name", "note"] as const;
type RoomField = (typeof ROOM_FIELDS)[number];
export type RoomFieldValues = Record<RoomField, string>;

/**
 * A room's name and welcome note as typed, with a message beside each field: the name is checked here (it is
 * required), everything else by the server, whose 400 names the field it refuses.
 */
export function useRoomFields(initial: RoomFieldValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<RoomField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const focus = (found: Partial<Record<RoomField, string>>) => {
    const first = ROOM_FIELDS.find((f) => found[f]);
    if (first) setTimeout(() => document.querySelector<HTMLElement>(`[data-room-field="${first}"]`)?.focus(), 0);
  };

  return {
    values,
    errors,
    formError,
    set: (field: RoomField, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    reset: (next: RoomFieldValues) => {
      setValues(next);
      setErrors({});
      setFormError(null);
    },
    /** The body to send ({name, note?}), or null after showing why not. */
    check: (): { name: string; note?: string } | null => {
      setFormError(null);
      const name = values.name.trim();
      if (!name) {
        const found = { name: "Please enter a name for the room" };
        setErrors(found);
        focus(found);
        return null;
      }
      setErrors({});
      return { name, ...(values.note.trim() ? { note: values.note.trim() } : {}) };
    },
    showServerErrors: (err: unknown, fallback: string) => {
      const found = serverFieldErrors(err, ROOM_FIELDS);
      if (found) {
        setErrors(found);
        focus(found);
      } else setFormError(errorMessage(err, `${fallback} Please try again.`));
    },
  };
}

export type RoomFieldsState = ReturnType<typeof useRoomFields>;

/** The name and note inputs, each with its message under it. */
export function RoomFields({ idPrefix, fields, disabled }: { idPrefix: string; fields: RoomFieldsState; disabled?: boolean }) {
  return (
    <>
      <FormField id={`${idPrefix}-name`} label="Room name" error={fields.errors.name}>
        {(control) => (
          <Input
            {...control}
            data-room-field="name"
            value={fields.values.name}
            onChange={(e) => fields.set("name", e.target.value)}
            maxLength={250}
            autoComplete="off"
            disabled={disabled}
            className="h-11 sm:h-9"
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-note`} label="Welcome note (optional)" error={fields.errors.note} hint="Shown to recipients above the room's documents. At most 500 characters.">
        {(control) => (
          <Textarea {...control} data-room-field="note" value={fields.values.note} onChange={(e) => fields.set("note", e.target.value)} rows={3} disabled={disabled} />
        )}
      </FormField>
    </>
  );
}
