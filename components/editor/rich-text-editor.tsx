"use client";

import * as React from "react";
import { EditorContent, useEditor } from "@tiptap/react";

import { EditorToolbar } from "@/components/editor/editor-toolbar";
import { TooltipProvider } from "@/components/ui/tooltip";
import { createEditorExtensions } from "@/components/editor/editor-extensions";
import { cn } from "@/lib/utils";
import styles from "./rich-text.module.css";

export type RichTextEditorProps = {
  /** Initial HTML; later changes from outside replace the document. */
  content: string;
  /** Read-only when false (default true). */
  editable?: boolean;
  /** Receives the full HTML after every change. */
  onChange?: (html: string) => void;
  /** Sent with image uploads when the idea already exists. */
  ideaId?: number;
  className?: string;
};

export default function RichTextEditor({
  content,
  editable = true,
  onChange,
  ideaId,
  className,
}: RichTextEditorProps) {
  const onChangeRef = React.useRef(onChange);
  // The HTML the editor already shows: the initial prop, then each reported change.
  const shownContent = React.useRef(content);
  React.useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: createEditorExtensions(),
    content,
    editable,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: styles.content,
        "aria-label": "Idea content",
        "aria-multiline": "true",
        role: "textbox",
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      shownContent.current = html;
      onChangeRef.current?.(html);
    },
  });

  React.useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable !== editable) {
      editor.setEditable(editable, false); // no update event: not a content change
    }
  }, [editor, editable]);

  // Content replaced from outside (not the echo of our own onChange).
  React.useEffect(() => {
    if (!editor || editor.isDestroyed || content === shownContent.current) return;
    shownContent.current = content;
    if (content !== editor.getHTML()) editor.commands.setContent(content, { emitUpdate: false });
  }, [editor, content]);

  return (
    <div
      data-slot="rich-text-editor"
      className={cn("bg-background overflow-hidden rounded-lg border", className)}
    >
      {/* The toolbar is where tooltips live: one provider gives them the spec's shared skip delay. */}
      {editor && editable ? (
        <TooltipProvider>
          <EditorToolbar editor={editor} ideaId={ideaId} />
        </TooltipProvider>
      ) : null}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className={cn(styles.content, "text-muted-foreground")}>Loading editor...</div>
      )}
    </div>
  );
}
