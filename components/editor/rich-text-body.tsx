"use client";

import * as React from "react";
import dynamic from "next/dynamic";

import type { RichTextEditorProps } from "@/components/editor/rich-text-editor";
import { Skeleton } from "@/components/ui/skeleton";

// Each loads only where it is shown: a draft's page needs the editor, a published idea's the read-only text.
const ReadOnlyRichText = dynamic(() => import("@/components/editor/read-only-rich-text").then((m) => m.ReadOnlyRichText));
const RichTextEditor = dynamic(() => import("@/components/editor/rich-text-editor"), {
  ssr: false,
  loading: () => <Skeleton className="h-96 w-full rounded-lg" />,
});

/**
 * The idea's text: the TipTap editor, or, for a text that is read-only from the start (a published idea or
 * version), the same text without TipTap (read-only-rich-text.tsx), which is most of the editor's JavaScript.
 * Once the editor was needed it stays (read-only after publishing, as before).
 */
export function RichTextBody(props: RichTextEditorProps) {
  const editable = props.editable ?? true;
  const [editorNeeded, setEditorNeeded] = React.useState(editable);
  if (editable && !editorNeeded) setEditorNeeded(true);
  return editorNeeded ? <RichTextEditor {...props} /> : <ReadOnlyRichText html={props.content} className={props.className} />;
}
