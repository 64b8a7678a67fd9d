"use client";

import * as React from "react";
import type { Editor } from "@tiptap/core";

type Flat = Record<string, unknown>;

function shallowEqual(a: Flat, b: Flat) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * A flat selection of the editor's state (toolbar active/disabled flags) that re-renders its component only when one
 * of the selected values changes. Our own few lines instead of @tiptap/react's useEditorState, whose deep-equality
 * dependency the editor's first load does not need.
 */
export function useEditorSelector<T extends Flat>(editor: Editor, select: (editor: Editor) => T): T {
  const selectRef = React.useRef(select);
  const last = React.useRef<T | null>(null);
  React.useEffect(() => {
    selectRef.current = select;
  }, [select]);

  const subscribe = React.useCallback(
    (onChange: () => void) => {
      editor.on("transaction", onChange);
      return () => {
        editor.off("transaction", onChange);
      };
    },
    [editor],
  );
  const snapshot = React.useCallback(() => {
    const next = selectRef.current(editor);
    if (last.current && shallowEqual(last.current, next)) return last.current;
    last.current = next;
    return next;
  }, [editor]);
  return React.useSyncExternalStore(subscribe, snapshot, snapshot);
}
