import sanitizeHtml from "sanitize-html";
import { TEMPLATE_PLACEHOLDER_ATTR } from "@/lib/domain/ideas/default-template";

/** The editor's link schemes (SPEC §5). */
export const LINK_SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"];

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i];
const YOUTUBE_EMBED = /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/[A-Za-z0-9_-]{6,20}(\?[A-Za-z0-9_=&;.-]*)?$/;
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
// Images come from our own file route or inline data; anything else would let an idea make its readers'
// browsers call other URLs (tracking pixels, or GET endpoints of this site), and the CSP would block it anyway.
const OWN_FILE = /^\/api\/files\/[A-Za-z0-9]{10,40}$/;
const YOUTUBE_TITLE = "YouTube video player";
const YOUTUBE_ALLOW = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture";

/**
 * Allow-list matching exactly what the TipTap editor produces: StarterKit nodes and marks, links,
 * inline images, text colour, highlight and YouTube embeds.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "hr", "br",
    "strong", "b", "em", "i", "s", "strike", "del", "u", "a", "img", "span", "mark", "div", "iframe",
  ],
  allowedAttributes: {
    // A template line's sample (default-template.ts): kept so an unfilled line stays a placeholder in the editor.
    p: [TEMPLATE_PLACEHOLDER_ATTR],
    a: ["href", "target", "rel", "class"],
    img: ["src", "alt", "title", "width", "height"],
    span: ["style"],
    mark: ["style", "data-color"],
    div: ["data-youtube-video"],
    iframe: ["src", "width", "height", "allowfullscreen", "frameborder", "allow", "title"],
    ol: ["start", "type"],
    code: ["class"],
    pre: ["class"],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/], pre: [/^language-[a-z0-9+#-]{1,30}$/], a: [/^[a-z0-9_-]{1,40}$/i] },
  allowedStyles: { span: { color: COLOR }, mark: { "background-color": COLOR, color: COLOR } },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ["data"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com"],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
    // A fixed permission set: an embedded player needs no camera, microphone or screen capture. A fixed title
    // too: the frame's accessible name wherever the idea is shown (the editor's player has the same one).
    iframe: (tagName, attribs) => ({ tagName, attribs: { ...attribs, allow: YOUTUBE_ALLOW, title: YOUTUBE_TITLE } }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === "iframe") return !YOUTUBE_EMBED.test(frame.attribs.src ?? "");
    if (frame.tag === "img") {
      const src = frame.attribs.src ?? "";
      // Browsers ignore case and control characters in a scheme; so must this check.
      const scheme = src.replace(/[\x00-\x20\x7f]/g, "").toLowerCase();
      return scheme.startsWith("data:") ? !SAFE_DATA_IMAGE.test(src) : !OWN_FILE.test(src);
    }
    return false;
  },
};

export function sanitizeIdeaHtml(html: string): string {
  return sanitizeHtml(html, options);
}
