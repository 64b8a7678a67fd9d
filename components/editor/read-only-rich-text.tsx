import { TOOLBAR_SCROLL_HINT } from "@/components/editor/toolbar-scroll-hint";
import { cn } from "@/client/utils";
import styles from "./rich-text.module.css";

/**
 * ProseMirror keeps an empty text block (and one ending in a line break) one line tall with a trailing <br>; the
 * stored HTML has none, so they are added back here for the same layout.
 */
export function withTrailingBreaks(html: string): string {
  return html
    .replace(/<(p|h[1-6])(\s[^>]*)?><\/\1>/g, '<$1$2><br class="ProseMirror-trailingBreak"></$1>')
    .replace(/<br\s*\/?>(<\/(?:p|h[1-6])>)/g, '<br><br class="ProseMirror-trailingBreak">$1');
}

/**
 * A text that is read-only from the start (a published idea, a published version) needs none of TipTap:
 * its stored HTML (sanitised by the server on every write, lib/domain/ideas/sanitize.ts, the same HTML a recipient's
 * page shows) is rendered as the read-only editor renders it: the same element, name, attributes and prose styles.
 */
export function ReadOnlyRichText({ html, className }: { html: string; className?: string }) {
  return (
    <div data-slot="rich-text-editor" className={cn("bg-background rounded-lg border", styles.toolbarHost, className)}>
      <span hidden>{TOOLBAR_SCROLL_HINT}</span>
      <div>
        <div
          className={cn("tiptap ProseMirror", styles.content, styles.readOnly)}
          contentEditable={false}
          translate="no"
          aria-label="Idea content"
          aria-multiline="true"
          role="textbox"
          dangerouslySetInnerHTML={{ __html: withTrailingBreaks(html) }}
        />
      </div>
    </div>
  );
}
