import { OwnerNotFound } from "@/components/share/owner-not-found";

/** An unknown room, a deleted one, or another creator's: one answer, with a 404 status. */
export default function RoomNotFound() {
  return <OwnerNotFound heading="Room not found" frameTitle="Room" />;
}
