"use client";

import * as React from "react";

import { dismissErrorToasts } from "@/client/toast";

/**
 * An error toast speaks of the step it was shown on; when the recipient moves to another step (or
 * another screen mounts) it is stale and goes. `step` names the step the screen shows now.
 */
export function useDismissStaleErrors(step: string) {
  React.useEffect(() => {
    dismissErrorToasts();
  }, [step]);
}
