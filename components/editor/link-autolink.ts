import { getExtensionField, pasteRulesPlugin, type Editor, type PasteRule } from "@tiptap/core";
import { Link } from "@tiptap/extension-link";
import type { Plugin } from "@tiptap/pm/state";

import { isAllowedLinkUrl } from "@/components/editor/link-prompt";
import { LINK_OPTIONS } from "@/components/editor/link-mark";

/**
 * TipTap's Link extension as a whole (its autolink while typing, its paste handling and paste rule, with the URL
 * scanner they use), loaded by rich-text-editor.tsx when the text first takes the focus: typing and pasting both need
 * it. The editor's schema already has the `link` mark (components/editor/link-mark.ts), so the extension's behaviour is
 * attached to that mark: its plugins are registered on the running editor, first, as its priority placed them.
 */
export function attachLinkBehaviour(editor: Editor) {
  if (editor.isDestroyed) return;
  const link = Link.configure({ ...LINK_OPTIONS, isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedLinkUrl(url) });
  const type = editor.schema.marks.link;
  const context = { name: link.name, options: link.options, storage: link.storage, editor, type };
  // The extension registers our extra schemes with the scanner before its first scan, and resets it when done.
  getExtensionField<() => void>(link, "onCreate", context)?.();
  const onDestroy = getExtensionField<() => void>(link, "onDestroy", context);
  if (onDestroy) editor.on("destroy", onDestroy);
  const rules = getExtensionField<() => PasteRule[]>(link, "addPasteRules", context)?.() ?? [];
  const plugins: Plugin[] = [...(getExtensionField<() => Plugin[]>(link, "addProseMirrorPlugins", context)?.() ?? []), ...pasteRulesPlugin({ editor, rules })];
  // Prepended in reverse, so they end up first and in their own order.
  for (const plugin of plugins.reverse()) editor.registerPlugin(plugin, (added, current) => [added, ...current]);
}
