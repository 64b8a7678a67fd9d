"use client";

import * as React from "react";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { StatusPanel } from "@/components/recipient/access-state";
import { DocumentViewer } from "@/components/recipient/document-viewer";
import { RoomIndex } from "@/components/recipient/room-index";
import { ApiError, apiRequest } from "@/client/request";
import type { Recipient, SharedIdea, SharedRoom } from "@/client/types";

type ItemState = { status: "loading" } | { status: "gone" } | { status: "failed" } | { status: "ready"; item: SharedIdea };

/** The address of the room's index. */
export function roomIndexPath(token: string) {
  return `/document/${encodeURIComponent(token)}`;
}

function BackToRoom({ token }: { token: string }) {
  return (
    <Link href={roomIndexPath(token)} prefetch={false} className={buttonVariants({ variant: "outline", className: "h-11 w-fit sm:h-9" })}>
      <ArrowLeft aria-hidden="true" />
      Back to the room
    </Link>
  );
}

/**
 * One idea of the room (GET /api/share/{token}/items/{ideaId}, the same answer as an idea link's): asked for on every
 * opening, so an idea the owner removed is gone at once ('no longer in this room').
 */
function RoomItemReader({ token, ideaId, recipient }: { token: string; ideaId: number; recipient: Recipient }) {
  const [state, setState] = React.useState<ItemState>({ status: "loading" });
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    let current = true;
    apiRequest<SharedIdea>("GET", `/api/share/${encodeURIComponent(token)}/items/${ideaId}`).then(
      (item) => current && setState({ status: "ready", item }),
      (err: unknown) => {
        if (!(err instanceof ApiError) || err.status >= 500) console.error("Room item lookup failed", err);
        if (current) setState({ status: err instanceof ApiError && err.status === 404 ? "gone" : "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [token, ideaId, attempt]);

  if (state.status === "loading") return <StatusPanel text="Opening the document..." />;
  if (state.status !== "ready") {
    return (
      <div className="mx-auto grid max-w-md gap-4 py-10 text-center">
        <p role="alert">{state.status === "gone" ? "This document is no longer in the room." : "The document could not be opened. Please try again."}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {state.status === "failed" ? (
            <button type="button" className={buttonVariants({ className: "h-11" })} onClick={() => {
                setState({ status: "loading" });
                setAttempt((n) => n + 1);
              }}>
              Try again
            </button>
          ) : null}
          <BackToRoom token={token} />
        </div>
      </div>
    );
  }
  return <DocumentViewer share={state.item} recipient={recipient} token={token} roomItem={{ ideaId, backHref: roomIndexPath(token) }} />;
}

/** A room link for an agreed recipient: the room's index, or the idea `item` of it in the reader. */
export function RoomDocument({ room, token, item, recipient, sender }: { room: SharedRoom; token: string; item: number | null; recipient: Recipient; sender: string | null }) {
  if (item === null) return <RoomIndex room={room} token={token} sender={sender} />;
  return <RoomItemReader key={item} token={token} ideaId={item} recipient={recipient} />;
}
