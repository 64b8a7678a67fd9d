import { toast } from "@/client/toast";

/** What the owner is told of addresses whose invitation could not be sent yet (the server tries them again). */
export function invitationsPendingText(addresses: readonly string[]) {
  return addresses.length === 1 ? `Invitation to ${addresses[0]} not sent yet; we will retry` : `Invitations to ${addresses.join(", ")} not sent yet; we will retry`;
}

/** The same as a toast, when there are any. */
export function toastInvitationsPending(addresses: readonly string[]) {
  if (addresses.length > 0) toast.info(invitationsPendingText(addresses));
}
