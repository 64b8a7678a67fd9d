"use client";

import * as React from "react";
import { Editor } from "@tiptap/core";

import { EditorToolbar } from "@/components/editor/editor-toolbar";
import { ToolbarTooltipProvider } from "@/components/editor/toolbar-tooltip";
import { createEditorExtensions } from "@/components/editor/editor-extensions";
import { followTitle } from "@/components/editor/title-heading";
import { TOOLBAR_SCROLL_HINT, useToolbarScrollHint } from "@/components/editor/toolbar-scroll-hint";
import { templateHeading } from "@/lib/domain/ideas/default-template";
import { cn } from "@/client/utils";
import styles from "./rich-text.module.css";

export type RichTextEditorProps = {
  /** Initial HTML; later changes from outside replace the document. */
  content: string;
  /** Read-only when false (default true). */
  editable?: boolean;
  /** Receives the full HTML after every change. */
  onChange?: (html: string) => void;
  /** Receives the editor's own serialisation of `content` once, when it is ready (the unchanged state). */
  onReady?: (html: string) => void;
  /** Sent with image uploads when the idea already exists. */
  ideaId?: number;
  /** A new idea's title: the first heading follows it until the user edits that heading (see title-heading.ts). */
  followTitle?: string;
  className?: string;
};

const linkBehaviour = new WeakMap<Editor, Promise<void>>();
function attachLinkBehaviourOnce(editor: Editor) {
  if (linkBehaviour.has(editor)) return linkBehaviour.get(editor);
  const attached = import("@/components/editor/link-autolink").then(
    (m) => m.attachLinkBehaviour(editor),
    () => {
      linkBehaviour.delete(editor); // offline: plain text for now, the next focus tries again
    },
  );
  linkBehaviour.set(editor, attached);
  return attached;
}

export default function RichTextEditor({
  content,
  editable = true,
  onChange,
  onReady,
  ideaId,
  followTitle: title,
  className,
}: RichTextEditorProps) {
  const onChangeRef = React.useRef(onChange);
  const onReadyRef = React.useRef(onReady);
  // The HTML the editor already shows: the initial prop, then each reported change.
  const shownContent = React.useRef(content);
  React.useEffect(() => {
    onChangeRef.current = onChange;
    onReadyRef.current = onReady;
  }, [onChange, onReady]);

  // The editor is created once, in the browser, inside `mount` (TipTap's own view; no React node views are used, so
  // @tiptap/react's binding is not needed). Later prop changes reach it through the effects below.
  const mount = React.useRef<HTMLDivElement>(null);
  const [editor, setEditor] = React.useState<Editor | null>(null);
  const initial = React.useRef({ content, editable });
  React.useEffect(() => {
    const instance = new Editor({
      element: mount.current,
      extensions: createEditorExtensions(),
      content: initial.current.content,
      editable: initial.current.editable,
      editorProps: {
        attributes: {
          class: styles.content,
          "aria-label": "Idea content",
          "aria-multiline": "true",
          role: "textbox",
        },
      },
      onCreate: ({ editor: current }) => {
        const html = current.getHTML();
        shownContent.current = html;
        onReadyRef.current?.(html);
      },
      // Links typed or pasted need TipTap's Link extension and its URL scanner only once there is typing or pasting,
      // which needs the focus first: it loads then, once per editor (a failed load is tried at the next focus).
      onFocus: ({ editor: current }) => void attachLinkBehaviourOnce(current),
      onUpdate: ({ editor: current }) => {
        const html = current.getHTML();
        shownContent.current = html;
        onChangeRef.current?.(html);
      },
    });
    setEditor(instance);
    return () => {
      setEditor(null);
      instance.destroy();
    };
  }, []);

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

  // The text the title last gave the first heading (the template starts from the initial title).
  const generatedHeading = React.useRef(templateHeading(title ?? ""));
  React.useEffect(() => {
    if (!editor || editor.isDestroyed || title === undefined) return;
    const first = editor.state.doc.firstChild;
    if (first?.type.name !== "heading") return;
    const next = followTitle(first.textContent, generatedHeading.current, title);
    if (next === null) return;
    generatedHeading.current = next;
    // Not an edit of the text: it stays out of the undo history.
    editor.view.dispatch(editor.state.tr.insertText(next, 1, 1 + first.content.size).setMeta("addToHistory", false));
  }, [editor, title]);

  const host = React.useRef<HTMLDivElement>(null);
  const hintId = React.useId();
  useToolbarScrollHint(host, hintId, Boolean(editor && editable));

  return (
    <div
      ref={host}
      data-slot="rich-text-editor"
      className={cn("bg-background rounded-lg border", styles.toolbarHost, className)}
    >
      <span id={hintId} hidden>
        {TOOLBAR_SCROLL_HINT}
      </span>
      {/* The toolbar is where tooltips live: one layer shows them, with the spec's shared skip delay. */}
      {editor && editable ? (
        <ToolbarTooltipProvider>
          <EditorToolbar editor={editor} ideaId={ideaId} />
        </ToolbarTooltipProvider>
      ) : null}
      {editor ? null : <div className={cn(styles.content, "text-muted-foreground")}>Loading editor...</div>}
      <div ref={mount} />
    </div>
  );
}
