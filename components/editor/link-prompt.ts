import type { Editor } from "@tiptap/react";

/** Spec §5: the only URL schemes a link may use. */
export const ALLOWED_LINK_PROTOCOLS = [
  "http",
  "https",
  "ftp",
  "ftps",
  "mailto",
  "tel",
  "callto",
  "sms",
  "cid",
  "xmpp",
] as const;

/** Schemes linkify does not know by itself; registered with the Link extension for autolinking. */
export const CUSTOM_LINK_PROTOCOLS = ["tel", "callto", "sms", "cid", "xmpp"];

export const DEFAULT_LINK_PROTOCOL = "http";

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Invisible/whitespace characters browsers ignore inside a scheme ("java\tscript:").
const IGNORED_CHARS = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000\uFEFF]/g;

function schemeOf(url: string): string | null {
  const match = SCHEME.exec(url.replace(IGNORED_CHARS, ""));
  return match ? match[1].toLowerCase() : null;
}

function isAllowedScheme(scheme: string | null): boolean {
  return scheme !== null && (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(scheme);
}

/** True when the URL has an allowed scheme, or no scheme at all (a relative reference). */
export function isAllowedLinkUrl(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === null || isAllowedScheme(scheme);
}

/** Adds the default protocol to a bare address such as `example.com`. */
export function normalizeLinkUrl(input: string): string {
  const url = input.trim();
  const scheme = schemeOf(url);
  // "localhost:3000" or "example.com:8080/x" is a host and port, not a scheme.
  const hostWithPort = !isAllowedScheme(scheme) && /^[a-z0-9.-]+:\d+(?:[/?#]|$)/i.test(url);
  if ((scheme !== null && !hostWithPort) || url.startsWith("/") || url.startsWith("#")) return url;
  if (url.includes("@") && !url.includes("/")) return `mailto:${url}`;
  return `${DEFAULT_LINK_PROTOCOL}://${url}`;
}

/**
 * Spec §5 link prompt: asks 'Enter URL' prefilled with the current href. Cancelling does nothing,
 * an empty answer removes the link, a disallowed scheme is refused.
 * Returns false only when the URL was refused.
 */
export function promptForLink(editor: Editor): boolean {
  const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
  const answer = window.prompt("Enter URL", previous);
  if (answer === null) return true;

  if (answer.trim() === "") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return true;
  }

  const href = normalizeLinkUrl(answer);
  if (!isAllowedLinkUrl(href)) return false;
  if (editor.state.selection.empty && !editor.isActive("link")) {
    // Nothing selected: insert the address itself as the link text.
    editor
      .chain()
      .focus()
      .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
      .run();
    return true;
  }
  editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  return true;
}
