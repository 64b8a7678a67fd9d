/** Spec §9: embedded videos are 560 by 315. */
export const YOUTUBE_WIDTH = 560;
export const YOUTUBE_HEIGHT = 315;
/** The embedded player's accessible name (an iframe needs a title). */
export const YOUTUBE_TITLE = "YouTube video player";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const PATH_PREFIXES = ["/embed/", "/shorts/", "/live/", "/v/"];

function parseUrl(input: string): URL | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function validId(candidate: string | null | undefined): string | null {
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/**
 * The 11-character video id of a YouTube link, or null when the text is not one.
 * Accepts `youtube.com/watch?v=ID`, `youtu.be/ID` and embed URLs (`/embed/ID`, also shorts/live),
 * with or without the scheme.
 */
export function extractYouTubeId(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase();

  if (host === "youtu.be" || host === "www.youtu.be") {
    return validId(parsed.pathname.split("/")[1]);
  }
  if (!YOUTUBE_HOSTS.has(host)) return null;

  if (parsed.pathname === "/watch") return validId(parsed.searchParams.get("v"));
  const prefix = PATH_PREFIXES.find((p) => parsed.pathname.startsWith(p));
  if (prefix) return validId(parsed.pathname.slice(prefix.length).split("/")[0]);
  return null;
}

/** Canonical watch URL for an id; the YouTube extension turns it into the embed URL. */
export function youTubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}
