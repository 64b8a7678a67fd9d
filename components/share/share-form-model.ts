import type { StandardSchema } from "@/client/light-form";
import { createShareSchema, type CreateShareRequest } from "@/lib/domain/validation/share-link";
import { errorsByPath, SHARE_FIELDS, shareRequestBody, type ShareFormErrors, type ShareFormValues, type ShareTarget } from "@/components/share/share-form-values";

/**
 * The share form's rules: the very schema POST /api/shares parses with (lib/domain/validation/share-link.ts, full zod). The
 * form loads this module on demand (when it is first focused, and on submit), so the share screen's first load has
 * no zod; the values, fields and request mapping are in ./share-form-values.ts, re-exported here.
 */
export * from "@/components/share/share-form-values";

/**
 * The body to send, or the messages per field: the very schema the handler parses with (lib/domain/validation/share-link.ts).
 * What is sent is the body as built (JSON), the schema's output being the server's business.
 */
export function toCreateShareRequest(values: ShareFormValues, target: ShareTarget): { ok: true; body: CreateShareRequest } | { ok: false; errors: ShareFormErrors } {
  const body = shareRequestBody(values, target);
  const parsed = createShareSchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: errorsByPath(parsed.error.issues) };
  // The normalised addresses (trimmed, lower case) and maxViews as a number, null for the fields the type ignores.
  return { ok: true, body: { ...parsed.data, allowDownload: values.allowDownload, screenShield: values.screenShield } };
}

/**
 * The form's rules as a Standard Schema over its raw values (client/light-form.ts): the body as the value, or one
 * issue per field whose message it shows.
 */
export function shareFormSchema(target: ShareTarget): StandardSchema<CreateShareRequest> {
  return {
    "~standard": {
      validate: (values) => {
        const request = toCreateShareRequest(values as ShareFormValues, target);
        if (request.ok) return { value: request.body };
        return { issues: SHARE_FIELDS.flatMap((field) => (request.errors[field] ? [{ message: request.errors[field], path: [field] }] : [])) };
      },
    },
  };
}
