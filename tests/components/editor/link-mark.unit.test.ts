import { getSchema, type Extensions } from "@tiptap/core";
import { Document } from "@tiptap/extension-document";
import { Link } from "@tiptap/extension-link";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Text } from "@tiptap/extension-text";
import type { DOMOutputSpec, Mark } from "@tiptap/pm/model";
import { isAllowedLinkUrl } from "@/components/editor/link-prompt";
import { isAllowedLinkHref, LINK_OPTIONS, LinkMark } from "@/components/editor/link-mark";

/**
 * The editor's first load carries its own `link` mark (link-mark.ts) and attaches TipTap's Link extension to it on the
 * first focus (link-autolink.ts): the mark must be the one the extension, configured as the editor configures it,
 * would have made, or links would read, write or check differently before and after the focus.
 */
const base: Extensions = [Document, Paragraph, Text];
const ours = getSchema([...base, LinkMark]).marks.link;
const theirs = getSchema([
  ...base,
  Link.extend({ inclusive: () => false }).configure({ ...LINK_OPTIONS, isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedLinkUrl(url) }),
]).marks.link;

const element = (href: string | null) => ({ getAttribute: (name: string) => (name === "href" ? href : null) }) as unknown as HTMLElement;
const render = (type: typeof ours, attrs: Record<string, unknown>): DOMOutputSpec => type.spec.toDOM!(type.create(attrs) as Mark, true);

const ADDRESSES = [
  "https://example.com/notes",
  "http://example.com",
  "example.com/notes",
  "/relative/path",
  "#section",
  "mailto:ada@example.com",
  "callto://ada",
  "tel:+441234",
  "xmpp:ada@example.com",
  "javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,hi",
  "vbscript:x",
  "localhost:3000",
  "",
];

describe("the editor's link mark (link-mark.ts) and TipTap's Link extension", () => {
  it("define the same mark: name, attributes and their defaults, inclusiveness, splitting", () => {
    expect(ours.name).toBe(theirs.name);
    expect(Object.fromEntries(Object.entries(ours.spec.attrs!).map(([k, v]) => [k, v.default]))).toEqual(
      Object.fromEntries(Object.entries(theirs.spec.attrs!).map(([k, v]) => [k, v.default])),
    );
    expect(ours.spec.inclusive).toBe(false);
    expect(theirs.spec.inclusive).toBe(false);
    expect(ours.spec.excludes).toEqual(theirs.spec.excludes);
    expect(ours.spec.parseDOM!.map((r) => ("tag" in r ? r.tag : null))).toEqual(theirs.spec.parseDOM!.map((r) => ("tag" in r ? r.tag : null)));
  });

  it.each(ADDRESSES)("read and write %j alike", (href) => {
    const rule = (type: typeof ours) => type.spec.parseDOM![0] as { getAttrs: (dom: HTMLElement) => unknown };
    expect(rule(ours).getAttrs(element(href))).toEqual(rule(theirs).getAttrs(element(href)));
    expect(render(ours, { href })).toEqual(render(theirs, { href }));
  });

  it("refuses the schemes spec §5 does not allow, and keeps the ones it does", () => {
    for (const ok of ["https://example.com", "example.com", "callto://ada", "mailto:a@b.c", "/x"]) expect([ok, isAllowedLinkHref(ok)]).toEqual([ok, true]);
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "java\tscript:x"]) expect([bad, isAllowedLinkHref(bad)]).toEqual([bad, false]);
  });
});
