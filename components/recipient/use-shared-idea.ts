"use client";

import * as React from "react";

import { ApiError, apiRequest } from "@/client/request";
import type { ShareLookup, SharedIdea } from "@/client/types";

/**
 * Requests still on their way, by token: a second mount of the same screen (React's development double effects)
 * joins the first request instead of sending another, which a one-time link would refuse (one delivery each).
 */
const inFlight = new Map<string, Promise<ShareLookup>>();

/**
 * A look-up started ahead of the screen that needs it (the details screen asks for the agreement screen's while it
 * navigates there), taken once by that screen's first look-up: the next screen is usable without a round trip of
 * its own. Only look-ups that deliver no content are started ahead (a content look-up consumes a view).
 */
const ahead = new Map<string, Promise<ShareLookup>>();

function lookupShare(token: string) {
  let request = inFlight.get(token);
  if (!request) {
    request = apiRequest<ShareLookup>("GET", `/api/share/${encodeURIComponent(token)}`).finally(() => inFlight.delete(token));
    inFlight.set(token, request);
  }
  return request;
}

/**
 * GET /api/share/{token} now, for the screen mounting next (see `ahead`). Always a new request: one already on its way
 * may have left before the recipient was identified.
 */
export function lookUpShareAhead(token: string): Promise<ShareLookup> {
  const request = apiRequest<ShareLookup>("GET", `/api/share/${encodeURIComponent(token)}`);
  ahead.set(token, request);
  request.catch(() => ahead.delete(token));
  return request;
}

/**
 * A screen that sends the reader on to the document hands the answer it holds to the document screen: that answer
 * delivered the idea already, and asking again could be refused (a one-time link's readmitted reader gets one
 * delivery).
 */
export function handLookupOn(token: string, share: SharedIdea) {
  ahead.set(token, Promise.resolve(share));
}

function takeLookup(token: string) {
  const request = ahead.get(token);
  ahead.delete(token);
  return request ?? lookupShare(token);
}

/** `empty`: a room link whose room has no documents now (409). */
export type SharedIdeaState =
  | { status: "loading" }
  | { status: "invalid" }
  | { status: "empty" }
  | { status: "passcode"; sender: string }
  | { status: "ready"; share: SharedIdea };

/**
 * The link as the sender signs it: `senderName` is the display name of the sender's brand (rendered by the server
 * page), which recipient texts use in place of the account name.
 */
function sentBy(share: SharedIdea, senderName: string | null): SharedIdea {
  if (!senderName) return share;
  const room = (share as { room?: { user: { name: string } } }).room;
  if (room) return { ...share, room: { ...room, user: { ...room.user, name: senderName } } } as SharedIdea;
  return { ...share, idea: { ...share.idea, user: { ...share.idea.user, name: senderName } } };
}

/**
 * GET /api/share/{token}: pending, then valid or invalid (SPEC §4 'Link verification'). Any non-OK answer means the
 * link is invalid (SPEC §7). No library cache: every recipient screen asks the server again, which is the point.
 */
export function useSharedIdea(token: string | null, senderName: string | null = null, attempt = 0): SharedIdeaState {
  const [state, setState] = React.useState<SharedIdeaState>(token ? { status: "loading" } : { status: "invalid" });

  // `attempt`: the caller asks again (after the passcode was given).
  React.useEffect(() => {
    if (!token) return;
    let current = true;
    takeLookup(token).then(
      (share) =>
        current &&
        setState("requiresPasscode" in share ? { status: "passcode", sender: senderName ?? share.sender } : { status: "ready", share: sentBy(share, senderName) }),
      (err: unknown) => {
        // 4xx is the answer for a bad link; anything else is worth a trace in the console.
        if (!(err instanceof ApiError) || err.status >= 500) console.error("Share lookup failed", err);
        if (current) setState(err instanceof ApiError && err.status === 409 ? { status: "empty" } : { status: "invalid" });
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt, senderName]);

  return state;
}
