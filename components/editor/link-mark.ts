import { Mark, mergeAttributes } from "@tiptap/core";

import { CUSTOM_LINK_PROTOCOLS, DEFAULT_LINK_PROTOCOL, isAllowedLinkUrl } from "@/components/editor/link-prompt";

/**
 * The editor's link mark as its first load carries it: the schema (what a link is, how it is read from and written to
 * HTML) and the toolbar's commands. What typing and pasting do with URLs (TipTap's Link extension with its URL
 * scanner, linkifyjs) is not needed before the text has the focus: components/editor/link-autolink.ts loads it then and
 * attaches it to this mark. Both read their settings from here, so the mark and the extension cannot disagree.
 */

/** The Link extension's options (TipTap's `Link.configure`), minus the URL check it builds from `defaultValidate`. */
export const LINK_OPTIONS = {
  openOnClick: false,
  autolink: true,
  defaultProtocol: DEFAULT_LINK_PROTOCOL,
  protocols: CUSTOM_LINK_PROTOCOLS,
  HTMLAttributes: { target: "_blank", rel: "noopener noreferrer nofollow", class: null },
} as const;

// TipTap's Link extension's own check (its isAllowedUri with our protocols), kept word for word so that a link the
// mark accepts is one the extension accepts: the built-in schemes and ours, or an address without a scheme.
const UNICODE_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const BUILT_IN_PROTOCOLS = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"];
const ALLOWED_URI = new RegExp(
  `^(?:(?:${[...BUILT_IN_PROTOCOLS, ...LINK_OPTIONS.protocols].map((p) => p.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&")).join("|")}):|[^a-z]|[a-z0-9+.\\-]+(?:[^a-z+.\\-:]|$))`,
  "i",
);

/** The extension's default check: what `ctx.defaultValidate` answers in its `isAllowedUri` option. */
export function linkDefaultValidate(uri: string | undefined): boolean {
  return !uri || ALLOWED_URI.test(uri.replace(UNICODE_WHITESPACE, ""));
}

/** The editor's rule for a link's address (spec §5): the extension's default check and our allowed schemes. */
export function isAllowedLinkHref(uri: string | undefined): boolean {
  return linkDefaultValidate(uri) && (uri === undefined || isAllowedLinkUrl(uri));
}

/**
 * The mark named `link`, as TipTap's Link extension defines it, except that it is not inclusive: text typed right
 * after a link is not part of it (autolinking marks what was typed, it does not rely on the mark extending).
 */
export const LinkMark = Mark.create({
  name: "link",
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  inclusive: () => false,

  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute("href") },
      target: { default: LINK_OPTIONS.HTMLAttributes.target },
      rel: { default: LINK_OPTIONS.HTMLAttributes.rel },
      class: { default: LINK_OPTIONS.HTMLAttributes.class },
      title: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: "a[href]",
        // An address the editor refuses (javascript:, data:…) is not read as a link.
        getAttrs: (dom) => {
          const href = (dom as HTMLElement).getAttribute("href");
          return href && isAllowedLinkHref(href) ? null : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    const href = isAllowedLinkHref(HTMLAttributes.href as string | undefined) ? HTMLAttributes.href : "";
    return ["a", mergeAttributes(LINK_OPTIONS.HTMLAttributes, { ...HTMLAttributes, href }), 0];
  },

  addCommands() {
    // `preventAutolink`: a link set by hand is not rescanned by the autolink plugin once it is attached.
    return {
      setLink:
        (attributes) =>
        ({ chain }) =>
          isAllowedLinkHref(attributes.href) && chain().setMark(this.name, attributes).setMeta("preventAutolink", true).run(),
      toggleLink:
        (attributes) =>
        ({ chain }) =>
          !(attributes?.href && !isAllowedLinkHref(attributes.href)) &&
          chain().toggleMark(this.name, attributes, { extendEmptyMarkRange: true }).setMeta("preventAutolink", true).run(),
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).setMeta("preventAutolink", true).run(),
    };
  },
});
