"use client";

import { CircleCheck } from "lucide-react";

import { Button } from "@/components/ui/button";
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { WAITLIST_SUCCESS_MESSAGE, WaitlistForm } from "./waitlist-form";

interface WaitlistPanelProps {
  joined: boolean;
  onJoined: () => void;
}

/** Dialog body for the waitlist: the form, or the success view once joined. */
export function WaitlistPanel({ joined, onJoined }: WaitlistPanelProps) {
  if (joined) {
    return (
      <>
        <DialogHeader className="items-center text-center sm:text-center">
          <CircleCheck className="size-12 text-emerald-600" aria-hidden="true" />
          <DialogTitle>You&apos;re on the list</DialogTitle>
          <DialogDescription role="status">{WAITLIST_SUCCESS_MESSAGE}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" className="w-full sm:w-auto">
              Close
            </Button>
          </DialogClose>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Join the waitlist</DialogTitle>
        <DialogDescription>
          IdeaVault is invite only. Leave your details and we&apos;ll invite you as soon as a place
          opens up.
        </DialogDescription>
      </DialogHeader>
      <WaitlistForm onSuccess={onJoined} />
    </>
  );
}
