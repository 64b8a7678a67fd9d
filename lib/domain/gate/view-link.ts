/**
 * The address a recipient opens: the owner's screens show it and the owner's mails link it. Pure, with no imports, so
 * the mails (lib/domain/notifications) can build it without loading the owner's share functions, which send notifications.
 */
export function viewLink(origin: string, accessLink: string) {
  return `${origin}/view/${accessLink}`;
}
