"use client";

import type { Editor } from "@tiptap/core";
import { useEditorSelector } from "@/components/editor/use-editor-selector";

export type ToolbarState = {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  code: boolean;
  highlight: boolean;
  paragraph: boolean;
  heading1: boolean;
  heading2: boolean;
  heading3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  color: string | null;
  canMark: boolean;
  canCode: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

/** Active/disabled states for the toolbar; re-renders only when one of them changes. */
export function useToolbarState(editor: Editor): ToolbarState {
  return useEditorSelector(editor, selectToolbarState);
}

function selectToolbarState(e: Editor): ToolbarState {
  const color: unknown = e.getAttributes("textStyle").color;
  return {
    bold: e.isActive("bold"),
    italic: e.isActive("italic"),
    strike: e.isActive("strike"),
    code: e.isActive("code"),
    highlight: e.isActive("highlight"),
    paragraph: e.isActive("paragraph"),
    heading1: e.isActive("heading", { level: 1 }),
    heading2: e.isActive("heading", { level: 2 }),
    heading3: e.isActive("heading", { level: 3 }),
    bulletList: e.isActive("bulletList"),
    orderedList: e.isActive("orderedList"),
    blockquote: e.isActive("blockquote"),
    link: e.isActive("link"),
    color: typeof color === "string" ? color : null,
    canMark: e.can().toggleBold(),
    canCode: e.can().toggleCode(),
    canUndo: e.can().undo(),
    canRedo: e.can().redo(),
  };
}
