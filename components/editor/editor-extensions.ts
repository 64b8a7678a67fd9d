import type { Extensions } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Highlight from "@tiptap/extension-highlight";
import { Color, TextStyle } from "@tiptap/extension-text-style";
import Image from "@tiptap/extension-image";
import Youtube from "@tiptap/extension-youtube";
import { Placeholder } from "@tiptap/extensions";

import {
  CUSTOM_LINK_PROTOCOLS,
  DEFAULT_LINK_PROTOCOL,
  isAllowedLinkUrl,
} from "@/components/editor/link-prompt";
import { YOUTUBE_HEIGHT, YOUTUBE_WIDTH } from "@/components/editor/youtube";

export const EDITOR_PLACEHOLDER = "Start writing your idea...";

/** Spec §9: undo history depth 100 with a 500 ms grouping delay. */
export const UNDO_DEPTH = 100;
export const UNDO_GROUP_DELAY_MS = 500;

/** Only the node kinds and marks of spec §3, plus the embedded video of the toolbar. */
export function createEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      underline: false,
      undoRedo: { depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: DEFAULT_LINK_PROTOCOL,
        protocols: CUSTOM_LINK_PROTOCOLS,
        HTMLAttributes: { target: "_blank", rel: "noopener noreferrer nofollow" },
        isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedLinkUrl(url),
      },
    }),
    Highlight.configure({ multicolor: true }),
    TextStyle,
    Color,
    Image.configure({ inline: true, allowBase64: true }),
    Youtube.configure({ width: YOUTUBE_WIDTH, height: YOUTUBE_HEIGHT, nocookie: false }),
    Placeholder.configure({ placeholder: EDITOR_PLACEHOLDER }),
  ];
}
