"use client";

import { Dialog, DialogContent } from "@/components/ui/dialog";
import { InviteOnlyPanel } from "./invite-only-panel";
import { WaitlistPanel } from "./waitlist-panel";

export type LandingView = "invite" | "waitlist";

type LandingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  view: LandingView;
  onJoinWaitlist: () => void;
  joined: boolean;
  onJoined: () => void;
};

/** The landing page's invite-only / waitlist dialog, loaded on demand by components/marketing/landing-actions.tsx. */
export function LandingDialog({ open, onOpenChange, onCloseAutoFocus, view, onJoinWaitlist, joined, onJoined }: LandingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        {view === "invite" ? <InviteOnlyPanel onJoinWaitlist={onJoinWaitlist} /> : <WaitlistPanel joined={joined} onJoined={onJoined} />}
      </DialogContent>
    </Dialog>
  );
}
