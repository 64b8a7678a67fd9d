import * as React from "react";

export const TOOLBAR_SCROLL_HINT = "More formatting tools: scroll sideways, or use the arrow keys.";

/**
 * On a narrow screen the formatting toolbar is one row that scrolls sideways (editor-toolbar.tsx). This marks the
 * toolbar inside `host` with `data-scroll-more` ("end", "start", "both" or "none"), which fades the edge where more
 * tools are (rich-text.module.css), and points its description at the hint `hintId` while it overflows.
 */
export function useToolbarScrollHint(host: React.RefObject<HTMLElement | null>, hintId: string, active: boolean) {
  React.useEffect(() => {
    const toolbar = active ? host.current?.querySelector<HTMLElement>('[role="toolbar"]') : null;
    if (!toolbar) return;
    const update = () => {
      const hidden = toolbar.scrollWidth - toolbar.clientWidth;
      const before = toolbar.scrollLeft > 1;
      const after = toolbar.scrollLeft < hidden - 1;
      toolbar.dataset.scrollMore = hidden <= 1 ? "none" : before && after ? "both" : after ? "end" : "start";
      if (hidden > 1) toolbar.setAttribute("aria-describedby", hintId);
      else toolbar.removeAttribute("aria-describedby");
    };
    update();
    toolbar.addEventListener("scroll", update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(toolbar);
    return () => {
      toolbar.removeEventListener("scroll", update);
      resize.disconnect();
    };
  }, [host, hintId, active]);
}
