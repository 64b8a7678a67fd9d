import { UAParser } from "ua-parser-js";

const UNKNOWN = "Unknown device";
/** A raw user agent quoted after "Unknown device" is cut here: it is attacker-chosen text. */
const RAW_MAX_CHARS = 60;
/** Distinct user agents are few while views are many: parse each once (bounded, oldest dropped first). */
const CACHE_MAX = 500;
const cache = new Map<string, string>();

/** Device types ua-parser names; a browser without one is on a desktop or laptop. */
const HANDHELD = new Set(["mobile", "tablet", "wearable", "console", "smarttv", "embedded", "xr"]);

function word(name?: string, version?: string) {
  return name ? (version ? `${name} ${version}` : name) : "";
}

function describe(ua: string): string {
  const { browser, os, device } = new UAParser(ua).getResult();
  const app = word(browser.name, browser.major);
  const system = word(os.name, os.version);
  if (!app && !system) return `${UNKNOWN} (${ua.length > RAW_MAX_CHARS ? `${ua.slice(0, RAW_MAX_CHARS)}…` : ua})`;
  const kind = device.type && HANDHELD.has(device.type) ? (device.model ?? device.type) : "desktop";
  const where = app && system ? `${app} on ${system}` : app || system;
  return `${where} (${kind})`;
}

/**
 * The browser, system and kind of device behind a user agent, in plain words for the owner's evidence:
 * "Chrome 131 on Windows 10 (desktop)", "Mobile Safari 17 on iOS 17.4 (iPhone)"; "Unknown device" without one.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN;
  let text = cache.get(ua);
  if (text === undefined) {
    text = describe(ua);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(ua, text);
  }
  return text;
}
