import { ApiError } from "@/client/request";

/**
 * Which form field a refused request is about, so the form can show the message next to that field and move focus
 * there, not only in a toast. A 400 from a zod schema carries `issues[0].path` (lib/platform/http/errors.ts);
 * anything else is put on `fallback`, the field the person most likely has to change. Client-safe.
 */
export function fieldOfError<F extends string>(err: unknown, fields: readonly F[], fallback: F): F {
  if (!(err instanceof ApiError) || err.status !== 400) return fallback;
  try {
    const body: unknown = JSON.parse(err.body);
    const issues = body && typeof body === "object" && "issues" in body ? body.issues : null;
    const first: unknown = Array.isArray(issues) ? issues[0] : null;
    const path: unknown = first && typeof first === "object" && "path" in first ? first.path : null;
    const name = Array.isArray(path) ? path[0] : null;
    return fields.find((f) => f === name) ?? fallback;
  } catch {
    return fallback;
  }
}
