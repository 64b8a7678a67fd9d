import "server-only";
import { db } from "@/lib/platform/db";

/** How far a new account has come: the dashboard's first-run checklist shows until all four are done. */
export type FirstSteps = { wrote: boolean; published: boolean; shared: boolean; opened: boolean };

/** Four indexed look-ups of at most one row each, cheap enough for every dashboard load. */
export async function firstSteps(ownerId: string): Promise<FirstSteps> {
  const [wrote, published, shared, opened] = await Promise.all([
    db.idea.findFirst({ where: { ownerId }, select: { id: true } }),
    db.idea.findFirst({ where: { ownerId, status: "published" }, select: { id: true } }),
    db.share.findFirst({ where: { createdById: ownerId }, select: { id: true } }),
    // Any view of one of the owner's links: the owner opening it as a reader would is what the step asks.
    db.viewEvent.findFirst({ where: { share: { createdById: ownerId } }, select: { id: true } }),
  ]);
  return { wrote: wrote !== null, published: published !== null, shared: shared !== null, opened: opened !== null };
}
