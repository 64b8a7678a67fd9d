"use client";

import * as React from "react";
import type { Editor } from "@tiptap/react";
import { toast } from "sonner";
import { useQueryClient } from "@tanstack/react-query";
import {
  Bold, Code, Heading1, Heading2, Heading3, Highlighter, ImagePlus, Italic, Link, List, ListOrdered,
  Minus, Pilcrow, Quote, Redo2, Strikethrough, Undo2, Video,
} from "lucide-react";

import { queryKeys } from "@/lib/client/query-client";
import { ColorPalette } from "@/components/editor/color-palette";
import { isImageFile, uploadEditorImage } from "@/components/editor/image-upload";
import { promptForLink } from "@/components/editor/link-prompt";
import { ToolbarButton, ToolbarDivider } from "@/components/editor/toolbar-button";
import { useToolbarState } from "@/components/editor/use-toolbar-state";
import { extractYouTubeId, YOUTUBE_HEIGHT, YOUTUBE_WIDTH, youTubeWatchUrl } from "@/components/editor/youtube";

type EditorToolbarProps = { editor: Editor; ideaId?: number };

/** Left/Right/Home/End move focus between the toolbar's buttons (Tab still reaches each one). */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
  if (!keys.includes(event.key)) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)"));
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index === -1) return;
  event.preventDefault();
  const last = buttons.length - 1;
  const next =
    event.key === "Home" ? 0 : event.key === "End" ? last
    : event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
    : index === 0 ? last : index - 1;
  buttons[next]?.focus();
}

export function EditorToolbar({ editor, ideaId }: EditorToolbarProps) {
  const state = useToolbarState(editor);
  const queryClient = useQueryClient();
  const fileInput = React.useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = React.useState(false);
  const chain = () => editor.chain().focus();

  const addLink = () => {
    if (!promptForLink(editor)) {
      toast.error("Error", { description: "Links may only use http, https, ftp, ftps, mailto, tel, callto, sms, cid or xmpp" });
    }
  };

  const addVideo = () => {
    const answer = window.prompt("Enter YouTube video URL:");
    if (answer === null || answer.trim() === "") return;
    const id = extractYouTubeId(answer);
    const inserted =
      id !== null &&
      chain().setYoutubeVideo({ src: youTubeWatchUrl(id), width: YOUTUBE_WIDTH, height: YOUTUBE_HEIGHT }).run();
    if (!inserted) toast.error("Error", { description: "Please enter a valid YouTube video URL" });
  };

  const onFileChosen = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!isImageFile(file)) {
      toast.error("Error", { description: "Please choose an image file" });
      return;
    }
    setUploading(true);
    const url = await uploadEditorImage(file, ideaId);
    setUploading(false);
    if (url) void queryClient.invalidateQueries({ queryKey: queryKeys.assets }); // a new asset for My Assets
    if (url && !editor.isDestroyed) chain().setImage({ src: url, alt: file.name }).run();
  };

  const markDisabled = !state.canMark;

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={moveFocus}
      className="bg-muted/40 sticky top-0 z-10 flex flex-wrap items-center gap-0.5 border-b p-1.5"
    >
      <ToolbarButton label="Bold" icon={<Bold />} active={state.bold} disabled={markDisabled} onClick={() => chain().toggleBold().run()} />
      <ToolbarButton label="Italic" icon={<Italic />} active={state.italic} disabled={markDisabled} onClick={() => chain().toggleItalic().run()} />
      <ToolbarButton label="Strikethrough" icon={<Strikethrough />} active={state.strike} disabled={markDisabled} onClick={() => chain().toggleStrike().run()} />
      <ToolbarButton label="Code" icon={<Code />} active={state.code} disabled={markDisabled} onClick={() => chain().toggleCode().run()} />
      <ToolbarButton label="Highlight" icon={<Highlighter />} active={state.highlight} disabled={markDisabled} onClick={() => chain().toggleHighlight().run()} />
      <ToolbarDivider />
      <ToolbarButton label="Paragraph" icon={<Pilcrow />} active={state.paragraph} onClick={() => chain().setParagraph().run()} />
      <ToolbarButton label="Heading 1" icon={<Heading1 />} active={state.heading1} onClick={() => chain().toggleHeading({ level: 1 }).run()} />
      <ToolbarButton label="Heading 2" icon={<Heading2 />} active={state.heading2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolbarButton label="Heading 3" icon={<Heading3 />} active={state.heading3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <ToolbarDivider />
      <ToolbarButton label="Bullet list" icon={<List />} active={state.bulletList} onClick={() => chain().toggleBulletList().run()} />
      <ToolbarButton label="Ordered list" icon={<ListOrdered />} active={state.orderedList} onClick={() => chain().toggleOrderedList().run()} />
      <ToolbarButton label="Blockquote" icon={<Quote />} active={state.blockquote} onClick={() => chain().toggleBlockquote().run()} />
      <ToolbarButton label="Horizontal rule" icon={<Minus />} onClick={() => chain().setHorizontalRule().run()} />
      <ToolbarDivider />
      <ToolbarButton label="Add link" icon={<Link />} active={state.link} onClick={addLink} />
      <ToolbarButton label="Add image" icon={<ImagePlus />} disabled={uploading} onClick={() => fileInput.current?.click()} />
      <input ref={fileInput} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={onFileChosen} />
      <ToolbarButton label="Add video" icon={<Video />} onClick={addVideo} />
      <ColorPalette
        current={state.color}
        onSelect={(color) => chain().setColor(color).run()}
        onReset={() => chain().unsetColor().run()}
      />
      <ToolbarDivider />
      <ToolbarButton label="Undo" icon={<Undo2 />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolbarButton label="Redo" icon={<Redo2 />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
    </div>
  );
}
