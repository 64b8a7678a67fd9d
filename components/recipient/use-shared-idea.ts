"use client";

import * as React from "react";

import { ApiError, apiRequest } from "@/lib/client/request";
import type { ShareLookup, SharedIdea } from "@/lib/client/types";

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

/**
 * Lookups started before hydration (components/recipient/early-share-lookup.ts), by token: the first useSharedIdea of
 * that token takes its request over. Taken once: a later mount asks the server again (no cache, see below).
 */
const early = new Map<string, Promise<ShareLookup>>();

export function startEarlyLookup(token: string) {
  if (early.has(token)) return;
  const request = lookupShare(token);
  // Its failure (a dead link) is the hook's to show; until the hook takes the request it must not count as unhandled.
  request.catch(() => {});
  early.set(token, request);
}

function takeEarlyLookup(token: string): Promise<ShareLookup> | undefined {
  const request = early.get(token);
  early.delete(token);
  return request;
}

export type SharedIdeaState = { status: "loading" } | { status: "invalid" } | { status: "passcode" } | { status: "ready"; share: SharedIdea };

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
    const taken = attempt === 0 ? takeEarlyLookup(token) : undefined;
    (taken ?? lookupShare(token)).then(
      (share) => current && setState("requiresPasscode" in share ? { status: "passcode" } : { status: "ready", share }),
      (err: unknown) => {
        // 4xx is the answer for a bad link; anything else is worth a trace in the console.
        if (!(err instanceof ApiError) || err.status >= 500) console.error("Share lookup failed", err);
        if (current) setState({ status: "invalid" });
      },
    );
    return () => {
      current = false;
      // React's development double effects run the effect again at once: it takes the same request back. Any later
      // mount finds it gone (removed after this task) and asks again.
      if (taken) {
        early.set(token, taken);
        setTimeout(() => {
          if (early.get(token) === taken) early.delete(token);
        }, 0);
      }
    };
  }, [token, attempt]);

  return state;
}
