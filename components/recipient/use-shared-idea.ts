"use client";

import * as React from "react";

import { ApiError, apiRequest } from "@/client/request";
import type { ShareLookup, SharedIdea } from "@/client/types";

/**
 * Requests still on their way, by token: a second mount of the same screen (React's development double effects)
 * joins the first request instead of sending another, which a one-time link would refuse (one delivery each).
 */
const inFlight = new Map<string, Promise<ShareLookup>>();

function lookupShare(token: string) {
  let request = inFlight.get(token);
  if (!request) {
    request = apiRequest<ShareLookup>("GET", `/api/share/${encodeURIComponent(token)}`).finally(() => inFlight.delete(token));
    inFlight.set(token, request);
  }
  return request;
}

/** `empty`: a room link whose room has no documents now (409). */
export type SharedIdeaState = { status: "loading" } | { status: "invalid" } | { status: "empty" } | { status: "passcode" } | { status: "ready"; share: SharedIdea };

/**
 * GET /api/share/{token}: pending, then valid or invalid (SPEC §4 'Link verification'). Any non-OK answer means the
 * link is invalid (SPEC §7). No library cache: every recipient screen asks the server again, which is the point.
 */
export function useSharedIdea(token: string | null, attempt = 0): SharedIdeaState {
  const [state, setState] = React.useState<SharedIdeaState>(token ? { status: "loading" } : { status: "invalid" });

  // `attempt`: the caller asks again (after the passcode was given).
  React.useEffect(() => {
    if (!token) return;
    let current = true;
    lookupShare(token).then(
      (share) => current && setState("requiresPasscode" in share ? { status: "passcode" } : { status: "ready", share }),
      (err: unknown) => {
        // 4xx is the answer for a bad link; anything else is worth a trace in the console.
        if (!(err instanceof ApiError) || err.status >= 500) console.error("Share lookup failed", err);
        if (current) setState(err instanceof ApiError && err.status === 409 ? { status: "empty" } : { status: "invalid" });
      },
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  return state;
}
