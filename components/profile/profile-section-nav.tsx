"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/client/utils";

export type ProfileNavItem = { id: string; label: string };

/** How far below the viewport's top a section counts as the one being read: the sticky header and a little more. */
const READING_LINE_PX = 96;
/** Keys that scroll the page: after one, the reader is moving on their own and the marker follows the scroll again. */
const SCROLL_KEYS = new Set(["ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End", " "]);

/** The section whose top last passed the reading line; the last one once the page cannot scroll further. */
function sectionAtReadingLine(items: ProfileNavItem[]): string | undefined {
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atBottom) return items.at(-1)?.id;
  let current = items[0]?.id;
  for (const item of items) {
    const top = document.getElementById(item.id)?.getBoundingClientRect().top;
    if (top !== undefined && top <= READING_LINE_PX) current = item.id;
  }
  return current;
}

/**
 * /profile's table of contents: plain in-page links (keyboard and no-script friendly), a side list that stays in view
 * on a wide screen and a row that scrolls sideways on a phone. The section being read is marked (aria-current). A
 * chosen section stays marked until the reader scrolls on: the last sections are short, and the page cannot scroll
 * them up to the reading line.
 */
export function ProfileSectionNav({ items }: { items: ProfileNavItem[] }) {
  const [current, setCurrent] = useState<string | undefined>(items[0]?.id);
  const chosen = useRef(false);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const fromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!items.some((item) => item.id === id)) return false;
      chosen.current = true;
      setCurrent(id);
      return true;
    };
    let frame = 0;
    const onScroll = () => {
      if (chosen.current || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setCurrent(sectionAtReadingLine(items));
      });
    };
    const release = () => {
      chosen.current = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key)) release();
    };
    if (!fromHash()) onScroll();
    window.addEventListener("hashchange", fromHash);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("wheel", release, { passive: true });
    window.addEventListener("touchmove", release, { passive: true });
    window.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("hashchange", fromHash);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("wheel", release);
      window.removeEventListener("touchmove", release);
      window.removeEventListener("keydown", onKey);
    };
  }, [items]);

  // On a phone the row scrolls sideways: keep the marked link in it, without moving the page.
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector<HTMLElement>("[aria-current]");
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    const left = link.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + link.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = left - 16;
  }, [current]);

  return (
    <nav aria-label="Profile sections" className="-mx-4 mb-2 sm:-mx-6 lg:sticky lg:top-20 lg:mx-0 lg:mt-6 lg:mb-0 lg:self-start">
      <ul ref={list} className="flex gap-1 overflow-x-auto px-4 pb-2 sm:px-6 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0">
        {items.map((item) => (
          <li key={item.id} className="shrink-0">
            <a
              href={`#${item.id}`}
              aria-current={current === item.id ? "location" : undefined}
              onClick={() => {
                chosen.current = true;
                setCurrent(item.id);
              }}
              className={cn(
                "text-muted-foreground hover:text-foreground hover:bg-accent focus-visible:ring-ring/50 block rounded-md px-3 py-2 text-sm whitespace-nowrap outline-none focus-visible:ring-[3px]",
                "aria-[current]:bg-accent aria-[current]:text-foreground aria-[current]:font-medium",
              )}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
