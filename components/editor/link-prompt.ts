import type { Editor } from "@tiptap/core";

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

/** Spec §5: the message a refused link shows. */
export const LINK_REFUSED_MESSAGE = "Links may only use http, https, ftp, ftps, mailto, tel, callto, sms, cid or xmpp";

export type LinkAnswer = { kind: "remove" } | { kind: "set"; href: string } | { kind: "refused" };

/** Spec §5 link prompt rules for an answer: empty removes the link, a disallowed scheme is refused. */
export function resolveLinkAnswer(answer: string): LinkAnswer {
  if (answer.trim() === "") return { kind: "remove" };
  const href = normalizeLinkUrl(answer);
  return isAllowedLinkUrl(href) ? { kind: "set", href } : { kind: "refused" };
}

/** The link at the cursor, prefilled in the prompt. */
export function currentLinkHref(editor: Editor): string {
  const href: unknown = editor.getAttributes("link").href;
  return typeof href === "string" ? href : "";
}

/** Applies an accepted answer; returns false when it was refused (the document is left as it was). */
export function applyLinkAnswer(editor: Editor, answer: string): boolean {
  const result = resolveLinkAnswer(answer);
  if (result.kind === "refused") return false;
  if (result.kind === "remove") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return true;
  }
  const { href } = result;
  if (editor.state.selection.empty && !editor.isActive("link")) {
    // Nothing selected: insert the address itself as the link text; typing on after it is plain text
    // (the link mark is not inclusive), so leave no stored link mark behind.
    editor
      .chain()
      .focus()
      .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
      .unsetMark("link")
      .run();
    return true;
  }
  editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  return true;
}
