import { Extension, type Extensions } from "@tiptap/core";
import { Blockquote } from "@tiptap/extension-blockquote";
import { Bold } from "@tiptap/extension-bold";
import { Code } from "@tiptap/extension-code";
import { CodeBlock } from "@tiptap/extension-code-block";
import { Document } from "@tiptap/extension-document";
import { HardBreak } from "@tiptap/extension-hard-break";
import { Heading } from "@tiptap/extension-heading";
import { HorizontalRule } from "@tiptap/extension-horizontal-rule";
import { Italic } from "@tiptap/extension-italic";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Strike } from "@tiptap/extension-strike";
import { Text } from "@tiptap/extension-text";
// The packages' single-extension entry points: their main entries also carry extensions the editor does not use
// (task lists, character count, font family and size…), which no bundler can drop.
import { BulletList } from "@tiptap/extension-list/bullet-list";
import { ListItem } from "@tiptap/extension-list/item";
import { ListKeymap } from "@tiptap/extension-list/keymap";
import { OrderedList } from "@tiptap/extension-list/ordered-list";
import { Dropcursor } from "@tiptap/extensions/drop-cursor";
import { Gapcursor } from "@tiptap/extensions/gap-cursor";
import { TrailingNode } from "@tiptap/extensions/trailing-node";
import { UndoRedo } from "@tiptap/extensions/undo-redo";
import { Color } from "@tiptap/extension-text-style/color";
import { TextStyle } from "@tiptap/extension-text-style/text-style";
import Highlight from "@tiptap/extension-highlight";
import Image from "@tiptap/extension-image";
import Youtube from "@tiptap/extension-youtube";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

import { LinkMark } from "@/components/editor/link-mark";
import { TEMPLATE_PLACEHOLDER_ATTR } from "@/lib/domain/ideas/default-template";
import { YOUTUBE_HEIGHT, YOUTUBE_TITLE, YOUTUBE_WIDTH } from "@/components/editor/youtube";

export const EDITOR_PLACEHOLDER = "Start writing your idea...";

/** Spec §9: undo history depth 100 with a 500 ms grouping delay. */
export const UNDO_DEPTH = 100;
export const UNDO_GROUP_DELAY_MS = 500;

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
 * A template line's sample (lib/domain/ideas/default-template.ts) as a paragraph attribute: shown in grey while the line is
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

/**
 * TipTap's StarterKit, in its order, without underline (not a mark of spec §3) and its link (ours follows), each
 * extension imported on its own (see the imports).
 */
function starterExtensions(): Extensions {
  return [
    Bold,
    Blockquote,
    BulletList,
    Code,
    CodeBlock,
    Document,
    Dropcursor,
    Gapcursor,
    HardBreak,
    Heading.configure({ levels: [1, 2, 3, 4, 5, 6] }),
    UndoRedo.configure({ depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS }),
    HorizontalRule,
    Italic,
    ListItem,
    ListKeymap,
    OrderedList,
    Paragraph,
    Strike,
    Text,
    TrailingNode,
  ];
}

/**
 * 'Start writing your idea...' in an empty text, while it can be edited: a decoration on the empty document's only
 * paragraph (classes `is-empty is-editor-empty`, `data-placeholder`, drawn by rich-text.module.css). The one
 * placeholder this editor shows, so a few lines instead of TipTap's general Placeholder extension.
 */
const EmptyTextPlaceholder = Extension.create({
  name: "emptyTextPlaceholder",
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey("emptyTextPlaceholder"),
        props: {
          decorations: (state) => {
            const first = state.doc.firstChild;
            if (!editor.isEditable || state.doc.childCount !== 1 || !first?.isTextblock || first.content.size > 0) return null;
            return DecorationSet.create(state.doc, [
              Decoration.node(0, first.nodeSize, { class: "is-empty is-editor-empty", "data-placeholder": EDITOR_PLACEHOLDER }),
            ]);
          },
        },
      }),
    ];
  },
});

/** Only the node kinds and marks of spec §3, plus the embedded video of the toolbar. */
export function createEditorExtensions(): Extensions {
  return [
    ...starterExtensions(),
    // The link's schema and commands; what typing and pasting do with URLs loads on the first focus (link-mark.ts).
    LinkMark,
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
    EmptyTextPlaceholder,
  ];
}
