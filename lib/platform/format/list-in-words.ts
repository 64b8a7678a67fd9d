/**
 * A list in a line of text: 'a', 'a and b', 'a, b and c', and past `shown + 1` items 'a, b and 2 more' (a link's
 * addresses on the share screen, in the owner's mails and in the evidence measures).
 */
export function listInWords(items: readonly string[], shown = 2): string {
  if (items.length <= shown + 1) return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");
  return `${items.slice(0, shown).join(", ")} and ${items.length - shown} more`;
}
