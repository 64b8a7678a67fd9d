import type { ReactElement } from "react";
import { render } from "@react-email/render";

export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * The HTML part comes from react-email; the plain-text part is written by each template, so its wording (and the
 * first link in it, which tests and some mail clients pick up) stays exactly what the template says.
 */
export async function renderEmail(subject: string, element: ReactElement, text: string): Promise<RenderedEmail> {
  return { subject, text, html: await render(element) };
}

/** Paragraphs, then the link on its own line (then the footnote): the plain-text layout of every mail. */
export function plainText(paragraphs: string[], link?: string, footnote?: string) {
  return [...paragraphs, link, footnote].filter(Boolean).join("\n\n") + "\n";
}
