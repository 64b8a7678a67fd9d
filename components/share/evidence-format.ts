/** How the share screen writes counts ('1 view', '7 recipients'). Times go through components/ui/local-time.tsx. Client-safe. */
export function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}
