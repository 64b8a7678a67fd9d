"use client";

import { useCallback, useRef, useState, type FormEvent } from "react";

/**
 * A small form hook for the public pages (/login, /register, /forgot-password, /reset-password), whose first load must
 * stay near a blank page's (issue 19 §1): react-hook-form and zod (~50 KB compressed together) are not part of it.
 * The zod schema is the very one the handler parses with (lib/validation), loaded on demand through `loadSchema` —
 * when the form is first focused, and awaited on submit — and applied through the Standard Schema interface every
 * zod schema implements, so this module imports no zod at all.
 *
 * Semantics follow react-hook-form's defaults, which the forms had: validate on submit, then re-validate a field as
 * it changes; the first invalid field (in the order fields were registered) takes focus; `setError` shows a
 * server's refusal beside a field.
 */

type StandardIssue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };
type StandardResult<T> = { value: T; issues?: undefined } | { issues: ReadonlyArray<StandardIssue> };
export type StandardSchema<T> = { "~standard": { validate: (value: unknown) => StandardResult<T> | Promise<StandardResult<T>> } };

export type FieldErrors<F extends string> = Partial<Record<F, { message: string }>>;
type FieldElement = HTMLInputElement | HTMLTextAreaElement;

function fieldOfIssue(issue: StandardIssue): string | undefined {
  const first = issue.path?.[0];
  const key = typeof first === "object" && first !== null ? first.key : first;
  return key === undefined ? undefined : String(key);
}

/** The first message per field, in issue order. */
function errorsOf<F extends string>(issues: ReadonlyArray<StandardIssue>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = fieldOfIssue(issue) as F | undefined;
    if (field && !errors[field]) errors[field] = { message: issue.message };
  }
  return errors;
}

export function useLightForm<T extends Record<F, string>, F extends string = Extract<keyof T, string>>({
  loadSchema,
  defaultValues,
}: {
  loadSchema: () => Promise<StandardSchema<T>>;
  defaultValues: Record<F, string>;
}) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // The first render's values, like react-hook-form: a new object literal on every render changes nothing.
  const [defaults] = useState(defaultValues);
  const loadRef = useRef(loadSchema);
  const elements = useRef(new Map<F, FieldElement>());
  const order = useRef<F[]>([]);
  const submitted = useRef(false);
  const schema = useRef<Promise<StandardSchema<T>> | null>(null);

  const load = useCallback(() => {
    schema.current ??= loadRef.current().catch((err: unknown) => {
      schema.current = null; // the next attempt loads again
      throw err;
    });
    return schema.current;
  }, []);

  const values = useCallback(() => {
    const out = { ...defaults };
    for (const [name, el] of elements.current) out[name] = el.value;
    return out;
  }, [defaults]);

  const focus = useCallback((name: F) => {
    const el = elements.current.get(name);
    el?.focus();
  }, []);

  const validate = useCallback(async () => {
    const result = await (await load())["~standard"].validate(values());
    return result.issues ? { ok: false as const, errors: errorsOf<F>(result.issues) } : { ok: true as const, data: result.value };
  }, [load, values]);

  const register = useCallback(
    (name: F) => {
      if (!order.current.includes(name)) order.current.push(name);
      return {
        name,
        defaultValue: defaults[name],
        ref: (el: FieldElement | null) => {
          if (el) elements.current.set(name, el);
          else elements.current.delete(name);
        },
        onFocus: () => {
          load().catch(() => undefined); // a failure shows on submit, which loads again
        },
        onChange: () => {
          if (!submitted.current) return;
          void validate().then(
            (r) => setErrors((prev) => ({ ...prev, [name]: r.ok ? undefined : r.errors[name] })),
            () => undefined,
          );
        },
      };
    },
    [defaults, load, validate],
  );

  const handleSubmit = useCallback(
    (onValid: (data: T) => void | Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      const result = await validate();
      if (!result.ok) {
        setErrors(result.errors);
        const first = order.current.find((name) => result.errors[name]);
        if (first) focus(first);
        return;
      }
      setErrors({});
      await onValid(result.data);
    },
    [focus, validate],
  );

  const setError = useCallback(
    (name: F, error: { message: string; type?: string }, options?: { shouldFocus?: boolean }) => {
      setErrors((prev) => ({ ...prev, [name]: { message: error.message } }));
      if (options?.shouldFocus) focus(name);
    },
    [focus],
  );

  return { register, handleSubmit, setError, errors };
}
