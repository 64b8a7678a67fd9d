import { Extension, type Extensions } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import Highlight from "@tiptap/extension-highlight";
import { Color, TextStyle } from "@tiptap/extension-text-style";
import Image from "@tiptap/extension-image";
import Link from "@tiptap/extension-link";
import Youtube from "@tiptap/extension-youtube";
import { Placeholder } from "@tiptap/extensions";
import { Plugin, PluginKey } from "@tiptap/pm/state";

import {
  CUSTOM_LINK_PROTOCOLS,
  DEFAULT_LINK_PROTOCOL,
  isAllowedLinkUrl,
} from "@/components/editor/link-prompt";
import { TEMPLATE_PLACEHOLDER_ATTR } from "@/lib/ideas/default-template";
import { YOUTUBE_HEIGHT, YOUTUBE_TITLE, YOUTUBE_WIDTH } from "@/components/editor/youtube";

export const EDITOR_PLACEHOLDER = "Start writing your idea...";

/** Spec §9: undo history depth 100 with a 500 ms grouping delay. */
export const UNDO_DEPTH = 100;
export const UNDO_GROUP_DELAY_MS = 500;

/**
 * Link's mark is inclusive whenever autolink is on, so text typed right after a link became part of it.
 * Autolinking still works: it marks what was typed, it does not rely on the mark extending.
 */
const ExclusiveLink = Link.extend({ inclusive: () => false });

/**
 * Tab in a list item indents it (the list item's own shortcut) and never leaves the editor there, even where
 * the item cannot go deeper; Shift-Tab outdents. Outside lists Tab still moves focus on, for keyboard users.
 * Runs after the list item's shortcuts (lower priority).
 */
const ListTabKeepsFocus = Extension.create({
  name: "listTabKeepsFocus",
  priority: 50,
  addKeyboardShortcuts() {
    return {
      Tab: () => this.editor.isActive("listItem"),
      "Shift-Tab": () => this.editor.isActive("listItem"),
    };
  },
});

/**
 * A template line's sample (lib/ideas/default-template.ts) as a paragraph attribute: shown in grey while the line is
 * empty (rich-text.module.css), gone for good once the line has text, so deleting that text later leaves an empty
 * line, not the sample. Enter never copies it onto the next line.
 */
const TemplatePlaceholder = Extension.create({
  name: "templatePlaceholder",
  addGlobalAttributes() {
    return [
      {
        types: ["paragraph"],
        attributes: {
          templatePlaceholder: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => element.getAttribute(TEMPLATE_PLACEHOLDER_ATTR),
            renderHTML: (attributes) =>
              attributes.templatePlaceholder ? { [TEMPLATE_PLACEHOLDER_ATTR]: attributes.templatePlaceholder } : {},
          },
        },
      },
    ];
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("templatePlaceholderFilled"),
        // Part of the same change (and undo step) as the typing that filled the line.
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const tr = state.tr;
          state.doc.descendants((node, pos) => {
            if (node.type.name === "paragraph" && node.attrs.templatePlaceholder && node.content.size > 0) {
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, templatePlaceholder: null });
            }
            return !node.isTextblock;
          });
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});

/** Only the node kinds and marks of spec §3, plus the embedded video of the toolbar. */
export function createEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      underline: false,
      undoRedo: { depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS },
      link: false,
    }),
    ExclusiveLink.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: DEFAULT_LINK_PROTOCOL,
      protocols: CUSTOM_LINK_PROTOCOLS,
      HTMLAttributes: { target: "_blank", rel: "noopener noreferrer nofollow" },
      isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedLinkUrl(url),
    }),
    ListTabKeepsFocus,
    TemplatePlaceholder,
    Highlight.configure({ multicolor: true }),
    TextStyle,
    Color,
    // Block images: an image inserted mid-line splits the paragraph instead of sitting inside the text.
    Image.configure({ inline: false, allowBase64: true }),
    Youtube.configure({
      width: YOUTUBE_WIDTH,
      height: YOUTUBE_HEIGHT,
      nocookie: false,
      HTMLAttributes: { title: YOUTUBE_TITLE },
    }),
    Placeholder.configure({ placeholder: EDITOR_PLACEHOLDER }),
  ];
}
