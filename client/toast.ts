/**
 * A light stand-in for sonner's `toast`: every screen calls this instead of importing
 * sonner, so sonner's code (and the Toaster, see components/app-toaster.tsx) is fetched only when the first toast is
 * actually shown. Client-safe.
 */
type ToastKind = "success" | "error" | "info" | "message";
export type ToastOptions = { description?: string };

const REQUEST_EVENT = "ideavault:toaster-requested";
let requested = false;

/** True once a page asked for a toast (the lazy Toaster then mounts for good). */
export function isToasterRequested() {
  return requested;
}

export function subscribeToasterRequest(onRequest: () => void) {
  window.addEventListener(REQUEST_EVENT, onRequest);
  return () => window.removeEventListener(REQUEST_EVENT, onRequest);
}

/** Error toasts still possibly on screen, by id: a screen that moves on to its next step dismisses them. */
const errorIds = new Set<string>();
let nextErrorId = 0;

function show(kind: ToastKind, title: string, options?: ToastOptions) {
  if (!requested) {
    requested = true;
    window.dispatchEvent(new Event(REQUEST_EVENT));
  }
  const id = kind === "error" ? `error-${++nextErrorId}` : undefined;
  if (id) errorIds.add(id);
  // sonner keeps toasts created before its Toaster subscribes and replays them to it.
  import("sonner").then(
    ({ toast }) => (kind === "message" ? toast(title, options) : toast[kind](title, id ? { ...options, id } : options)),
    (err: unknown) => console.error("Could not load the notifications", err),
  );
}

/**
 * Dismisses the error toasts shown so far (an error about a step the person has left is stale). Other
 * toasts stay ('Agreement Declined' belongs on the screen that follows).
 */
export function dismissErrorToasts() {
  if (errorIds.size === 0) return;
  const ids = [...errorIds];
  errorIds.clear();
  import("sonner").then(
    ({ toast }) => ids.forEach((id) => toast.dismiss(id)),
    // sonner did not load: no toast reached the screen, so there is nothing to dismiss.
    () => undefined,
  );
}

export const toast = {
  message: (title: string, options?: ToastOptions) => show("message", title, options),
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
  info: (title: string, options?: ToastOptions) => show("info", title, options),
};

/**
 * Starts loading the notifications (sonner and the Toaster) now, e.g. when a form is submitted, so that a toast shown
 * just before the page navigates away is on screen by then.
 */
export function preloadToasts(): Promise<unknown> {
  if (!requested) {
    requested = true;
    window.dispatchEvent(new Event(REQUEST_EVENT));
  }
  // The Toaster's own chunk (components/app-toaster.tsx) starts loading with the event above.
  return import("sonner").catch(() => undefined);
}

/**
 * A toast the person should see although the page is about to leave (a successful sign-in): resolves once it is on
 * screen, or after `maxWaitMs` at the latest.
 */
export async function toastBeforeLeaving(kind: Exclude<ToastKind, "message">, title: string, maxWaitMs = 1500) {
  await preloadToasts();
  const before = document.querySelectorAll("[data-sonner-toast]").length;
  toast[kind](title);
  const started = performance.now();
  while (document.querySelectorAll("[data-sonner-toast]").length <= before && performance.now() - started < maxWaitMs) {
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }
}
