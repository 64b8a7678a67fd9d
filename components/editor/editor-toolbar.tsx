"use client";

import { useApiMutation } from "@/client/mutation";
import { apiRequest } from "@/client/request";
import type { UploadedImage } from "@/client/types";
import * as React from "react";
import type { Editor } from "@tiptap/core";
import { toast } from "@/client/toast";
import { useQueryClient } from "@tanstack/react-query";
import {
  Bold, Code, Heading1, Heading2, Heading3, Highlighter, ImagePlus, Italic, Link, List, ListOrdered,
  Minus, Palette, Pilcrow, Quote, Redo2, Strikethrough, Undo2, Video,
} from "lucide-react";

import { queryKeys } from "@/client/query-client";
import { applyLinkAnswer, currentLinkHref, LINK_REFUSED_MESSAGE } from "@/components/editor/link-prompt";
import { ToolbarButton, ToolbarDivider } from "@/components/editor/toolbar-button";
import { ToolbarPopoverButton } from "@/components/editor/toolbar-popover-button";
import { continueAfterInsertedBlock } from "@/components/editor/insert-block";
import { useToolbarState } from "@/components/editor/use-toolbar-state";
import { extractYouTubeId, YOUTUBE_HEIGHT, YOUTUBE_WIDTH, youTubeWatchUrl } from "@/components/editor/youtube";

type EditorToolbarProps = { editor: Editor; ideaId?: number };

// The popovers and the upload code are not part of the editor's first load. Each loads when its button
// is reached (hover, focus, press), so it is there by the click.
const loadUrlPopover = () => import("@/components/editor/url-popover");
const loadColorPalette = () => import("@/components/editor/color-palette");
const loadImageUpload = () => import("@/components/editor/image-upload");
const UrlPopover = React.lazy(() => loadUrlPopover().then((m) => ({ default: m.UrlPopover })));
const ColorPalette = React.lazy(() => loadColorPalette().then((m) => ({ default: m.ColorPalette })));

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
  const imageUpload = useApiMutation((body: FormData) => apiRequest<UploadedImage | null>("POST", "/api/upload/image", body));
  const fileInput = React.useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = React.useState(false);
  const chain = () => editor.chain().focus();

  const focusText = () => {
    if (!editor.isDestroyed) editor.commands.focus();
  };

  const applyLink = (answer: string) => (applyLinkAnswer(editor, answer) ? null : LINK_REFUSED_MESSAGE);

  const applyVideo = (answer: string) => {
    if (answer.trim() === "") return null; // like cancelling the prompt
    const id = extractYouTubeId(answer);
    const inserted =
      id !== null &&
      chain().setYoutubeVideo({ src: youTubeWatchUrl(id), width: YOUTUBE_WIDTH, height: YOUTUBE_HEIGHT }).run();
    if (!inserted) return "Please enter a valid YouTube video URL";
    continueAfterInsertedBlock(editor);
    return null;
  };

  // Inline code excludes every other mark, so inside it the other mark buttons are off but Code itself must
  // still work: with a bare cursor it removes the whole code span, not just the stored mark.
  const toggleCode = () => {
    if (state.code && editor.state.selection.empty) chain().extendMarkRange("code").unsetCode().run();
    else chain().toggleCode().run();
  };

  const onFileChosen = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    let upload: Awaited<ReturnType<typeof loadImageUpload>>;
    try {
      upload = await loadImageUpload();
    } catch {
      window.alert("Error uploading image"); // the code could not be fetched (offline): as a failed request reads
      return;
    }
    const { isImageFile, uploadEditorImage } = upload;
    if (!isImageFile(file)) {
      toast.error("Error", { description: "Please choose an image file" });
      return;
    }
    setUploading(true);
    const url = await uploadEditorImage(file, ideaId, imageUpload.mutateAsync);
    setUploading(false);
    if (url) void queryClient.invalidateQueries({ queryKey: queryKeys.assets }); // a new asset for My Assets
    if (url && !editor.isDestroyed && chain().setImage({ src: url, alt: file.name }).run()) continueAfterInsertedBlock(editor);
  };

  const preloadImageUpload = () => {
    loadImageUpload().catch(() => undefined); // choosing a file loads again
  };

  const markDisabled = !state.canMark;

  // Sticky under the page header (h-14); on phones one row that scrolls sideways instead of wrapping.
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={moveFocus}
      className="bg-muted sticky top-14 z-20 flex flex-nowrap items-center gap-0.5 overflow-x-auto rounded-t-lg border-b p-1.5 sm:flex-wrap sm:overflow-x-visible"
    >
      <ToolbarButton label="Bold" icon={<Bold />} active={state.bold} disabled={markDisabled} onClick={() => chain().toggleBold().run()} />
      <ToolbarButton label="Italic" icon={<Italic />} active={state.italic} disabled={markDisabled} onClick={() => chain().toggleItalic().run()} />
      <ToolbarButton label="Strikethrough" icon={<Strikethrough />} active={state.strike} disabled={markDisabled} onClick={() => chain().toggleStrike().run()} />
      <ToolbarButton label="Code" icon={<Code />} active={state.code} disabled={!state.canCode} onClick={toggleCode} />
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
      <ToolbarPopoverButton
        label="Add link"
        icon={<Link />}
        active={state.link}
        preload={loadUrlPopover}
        renderPanel={(panel) => (
          <UrlPopover
            {...panel}
            prompt="Enter URL"
            label="Add link"
            placeholder="https://example.com"
            initialValue={() => currentLinkHref(editor)}
            onApply={applyLink}
            onClosed={focusText}
          />
        )}
      />
      <ToolbarButton
        label="Add image"
        icon={<ImagePlus />}
        disabled={uploading}
        onPointerEnter={preloadImageUpload}
        onFocus={preloadImageUpload}
        onClick={() => fileInput.current?.click()}
      />
      <input ref={fileInput} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={onFileChosen} />
      <ToolbarPopoverButton
        label="Add video"
        icon={<Video />}
        preload={loadUrlPopover}
        renderPanel={(panel) => (
          <UrlPopover
            {...panel}
            prompt="Enter YouTube video URL:"
            label="Add video"
            placeholder="https://youtu.be/…"
            onApply={applyVideo}
            onClosed={focusText}
          />
        )}
      />
      <ToolbarPopoverButton
        label="Text color"
        icon={<Palette aria-hidden="true" style={state.color ? { color: state.color } : undefined} />}
        preload={loadColorPalette}
        renderPanel={(panel) => (
          <ColorPalette
            {...panel}
            current={state.color}
            onSelect={(color) => chain().setColor(color).run()}
            onReset={() => chain().unsetColor().run()}
          />
        )}
      />
      <ToolbarDivider />
      <ToolbarButton label="Undo" icon={<Undo2 />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolbarButton label="Redo" icon={<Redo2 />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
    </div>
  );
}
