/**
 * The sharing schemas (lib/domain/validation/sharing.ts, zod/mini) on demand: even zod/mini is ~16-23 KB compressed, more
 * than the recipient pages' whole budget allows, so forms start loading it when the visitor first
 * touches them and wait for it on submit.
 */
type SharingSchemas = typeof import("@/lib/domain/validation/sharing");

let loading: Promise<SharingSchemas> | null = null;

export function loadSharingSchemas(): Promise<SharingSchemas> {
  loading ??= import("@/lib/domain/validation/sharing").catch((err: unknown) => {
    loading = null; // let the next attempt try again
    throw err;
  });
  return loading;
}

/** Starts loading early (on the form's first focus); a failure shows up on submit, which loads again. */
export function prefetchSharingSchemas() {
  loadSharingSchemas().catch(() => undefined);
}
