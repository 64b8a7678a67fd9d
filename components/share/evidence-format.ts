import { localDateTime } from "@/lib/client/date-format";

/** How the share screen writes evidence times: the viewer's local time (components/ui/local-time.tsx adds the UTC instant on hover). Client-safe. */
export function localTime(value: string): string {
  return localDateTime(value);
}

export function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}
