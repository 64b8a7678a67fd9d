import { OwnerNotFound } from "@/components/share/owner-not-found";

/** SPEC §2: an unknown idea, or another creator's, shows 'Idea not found'. */
export default function ShareIdeaNotFound() {
  return <OwnerNotFound heading="Idea not found" />;
}
