/**
 * `linkifyjs` as the browser bundle sees it: next.config.mjs aliases the package to this module on the client, so the
 * ~10 KiB URL scanner that TipTap's Link extension uses for autolinking typed and pasted URLs loads when the editor
 * is first focused (rich-text-editor.tsx), not with the page (the editor's first load). Only typing and
 * pasting need it, and both need the focus first.
 *
 * The four functions the Link extension calls keep their contracts: protocols registered before the scanner loads are
 * handed to it first (linkify only accepts them before its first scan); a scan asked for before it has loaded finds
 * nothing (and starts the load), exactly as if the text had no URL.
 */
import type * as Linkify from "linkifyjs";

type LinkifyApi = Pick<typeof Linkify, "find" | "registerCustomProtocol" | "reset"> & {
  tokenize: (text: string) => ReturnType<typeof Linkify.tokenize>;
};

export function createLinkifyOnDemand(load: () => Promise<LinkifyApi>) {
  let real: LinkifyApi | null = null;
  let loading: Promise<void> | null = null;
  const pendingProtocols: Array<[scheme: string, optionalSlashSlash: boolean]> = [];

  const loadLinkify = () =>
    (loading ??= load().then(
      (mod) => {
        for (const [scheme, optionalSlashSlash] of pendingProtocols.splice(0)) mod.registerCustomProtocol(scheme, optionalSlashSlash);
        real = mod;
      },
      () => {
        loading = null; // offline: no autolinking for now; the next focus or scan tries again
      },
    ));

  const find: LinkifyApi["find"] = (...args) => {
    if (real) return real.find(...args);
    void loadLinkify();
    return [];
  };
  const tokenize: LinkifyApi["tokenize"] = (...args) => {
    if (real) return real.tokenize(...args);
    void loadLinkify();
    return [];
  };
  const registerCustomProtocol: LinkifyApi["registerCustomProtocol"] = (scheme, optionalSlashSlash = false) => {
    if (real) real.registerCustomProtocol(scheme, optionalSlashSlash);
    else pendingProtocols.push([scheme, optionalSlashSlash]);
  };
  const reset: LinkifyApi["reset"] = () => {
    pendingProtocols.length = 0;
    return real ? real.reset() : ({} as ReturnType<LinkifyApi["reset"]>);
  };
  return { loadLinkify, find, tokenize, registerCustomProtocol, reset };
}

// The package's own file by path: the alias maps the bare name `linkifyjs` only.
const onDemand = createLinkifyOnDemand(() => import("linkifyjs/dist/linkify.mjs"));

export const { loadLinkify, find, tokenize, registerCustomProtocol, reset } = onDemand;
