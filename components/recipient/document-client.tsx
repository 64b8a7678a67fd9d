"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { AccessDenied, VerifyingAccess } from "@/components/recipient/access-state";
import { DocumentViewer } from "@/components/recipient/document-viewer";
import { recipientPath, recipientStage } from "@/components/recipient/recipient-flow";
import { RoomDocument } from "@/components/recipient/room-document";
import { EMPTY_ROOM } from "@/components/recipient/room-index";
import { useSharedIdea } from "@/components/recipient/use-shared-idea";
import type { SharedRoom } from "@/client/types";

/**
 * /document: the shared idea for a recipient who accepted the agreement (SPEC §2 'Document viewer', §4); for a room
 * link, the room's index, or its idea `item` (?item={ideaId}) in the same reader.
 */
export function DocumentClient({ token, item = null, senderName = null }: { token: string | null; item?: number | null; senderName?: string | null }) {
  const state = useSharedIdea(token, senderName);
  const router = useRouter();
  const share = state.status === "ready" ? state.share : null;
  const stage = share ? recipientStage(share) : null;
  // A link whose passcode this browser has not given (or that changed) asks for it on /collect.
  const passcodeFirst = token && state.status === "passcode" ? recipientPath("collect", token) : null;
  const redirect = passcodeFirst ?? (token && stage && stage !== "document" ? recipientPath(stage, token) : null);

  React.useEffect(() => {
    if (redirect) router.replace(redirect);
  }, [router, redirect]);

  if (state.status === "invalid" || !token) return <AccessDenied />;
  if (state.status === "empty") return <p className="text-muted-foreground rounded-lg border border-dashed bg-background px-4 py-8 text-center">{EMPTY_ROOM}</p>;
  if (!share || redirect) return <VerifyingAccess />;
  if (!share.recipient) return <AccessDenied />;
  const room = (share as { room?: SharedRoom & { user: { name: string } } }).room;
  if (room) return <RoomDocument room={room} token={token} item={item} recipient={share.recipient} sender={room.user.name} />;
  // The server sends content to an agreed recipient only; without it there is nothing this link may show.
  if (share.idea.content === undefined) return <AccessDenied />;
  return <DocumentViewer share={share} recipient={share.recipient} token={token} />;
}
