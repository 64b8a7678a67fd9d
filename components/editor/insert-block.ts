import type { Editor } from "@tiptap/core";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";

/**
 * After a block (image, video) is inserted, ProseMirror selects it; the next insert or keystroke would then
 * replace it. Put a text cursor after it instead, in a new empty paragraph when no text follows.
 */
export function continueAfterInsertedBlock(editor: Editor): void {
  editor
    .chain()
    .command(({ tr }) => {
      if (!(tr.selection instanceof NodeSelection)) return true;
      const after = tr.selection.to;
      if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, editor.schema.nodes.paragraph.create());
      tr.setSelection(TextSelection.create(tr.doc, after + 1));
      return true;
    })
    .focus()
    .run();
}
