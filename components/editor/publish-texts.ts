/** The publish confirmation's words (spec §4), apart from the dialog so that importing them loads no dialog code. */
export const PUBLISH_DIALOG_TITLE = "Publish this idea?";
export const PUBLISH_DIALOG_TEXT =
  "Once published, the idea becomes read-only and gets a blockchain timestamp. Published ideas cannot be edited.";
export const TEMPLATE_LEFT_WARNING =
  "This idea still contains template text that you have not replaced. Go back to fill it in, or publish it as it is.";
