"use client";

import { LockKeyhole } from "lucide-react";

import { Button } from "@/components/ui/button";
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

interface InviteOnlyPanelProps {
  onJoinWaitlist: () => void;
}

/** Dialog body shown by 'File an Idea'. */
export function InviteOnlyPanel({ onJoinWaitlist }: InviteOnlyPanelProps) {
  return (
    <>
      <DialogHeader>
        <span
          aria-hidden="true"
          className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-brand"
        >
          <LockKeyhole className="size-5" />
        </span>
        <DialogTitle>Platform is Invite Only</DialogTitle>
        <DialogDescription>
          IdeaVault is currently open to invited creators only, so every vault on the platform stays
          private and well looked after. Join the waitlist and we&apos;ll let you know as soon as a
          place opens up for you.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter className="gap-2">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Close
          </Button>
        </DialogClose>
        <Button type="button" onClick={onJoinWaitlist}>
          Join Waitlist
        </Button>
      </DialogFooter>
    </>
  );
}
