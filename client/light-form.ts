"use client";

import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from "react";

/**
 * A small form hook for the pages whose first load must stay near a blank page's: the public pages
 * (/login, /register, /forgot-password, /reset-password) and the creator's /share/{id} and /profile. react-hook-form
 * and zod (~50 KB compressed together) are not part of it. The zod schema is the very one the handler parses with
 * (lib/domain/validation), loaded on demand through `loadSchema` — when the form is first focused, and awaited on submit —
 * and applied through the Standard Schema interface every zod schema implements, so this module imports no zod at all.
 *
 * Semantics follow react-hook-form's defaults, which the forms had: validate on submit, then re-validate a field as
 * it changes; the first invalid field (in the order fields were registered) takes focus; `setError` shows a
 * server's refusal beside a field; `reset` puts the values back (or to new ones) and forgets the submit.
 *
 * Text fields are uncontrolled inputs (`register`); other values (switches, radio groups, a select drawn by a
 * component, numbers, lists) are held here and changed through `setValue`, read back with `value`. The schema sees
 * all of them together, in the shape of `defaultValues`: a form whose request differs from its inputs wraps its
 * mapping in the schema it loads (see components/share/share-form-model.ts).
 */

type StandardIssue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };
type StandardResult<T> = { value: T; issues?: undefined } | { issues: ReadonlyArray<StandardIssue> };
export type StandardSchema<T> = { "~standard": { validate: (value: unknown) => StandardResult<T> | Promise<StandardResult<T>> } };
export type { StandardIssue };

export type FieldErrors<F extends string> = Partial<Record<F, { message: string }>>;
type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type FormValues = Record<string, unknown>;
/** The names of the fields whose value is a string: those an input can hold. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** The field an issue is about: the first key of its path (a path's key may be wrapped, per Standard Schema). */
export function fieldOfIssue(issue: StandardIssue): string | undefined {
  const first = issue.path?.[0];
  const key = typeof first === "object" && first !== null ? first.key : first;
  return key === undefined ? undefined : String(key);
}

/** The issues' paths as plain keys (lib code that maps issues to fields reads zod's shape). */
export function plainIssues(issues: ReadonlyArray<StandardIssue>): { path: PropertyKey[]; message: string }[] {
  return issues.map((issue) => ({
    message: issue.message,
    path: (issue.path ?? []).map((segment) => (typeof segment === "object" && segment !== null ? segment.key : segment)),
  }));
}

/** An uncontrolled input's text, put back by `reset`. */
function setText(el: FieldElement, text: string) {
  el.value = text;
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

/**
 * A schema loaded the first time it is needed, then kept: `preload` when the person shows they may use the form
 * (focus), `validate` on submit (it waits for the load). A failed load is tried again next time.
 */
export function schemaOnDemand<T>(load: () => Promise<StandardSchema<T>>) {
  let schema: Promise<StandardSchema<T>> | null = null;
  const get = () => {
    schema ??= load().catch((err: unknown) => {
      schema = null; // the next attempt loads again
      throw err;
    });
    return schema;
  };
  return {
    preload: () => {
      get().catch(() => undefined); // a failure shows on submit, which loads again
    },
    validate: async (value: unknown): Promise<StandardResult<T>> => (await get())["~standard"].validate(value),
  };
}

/** What a form's submit learns from useSchemaCheck. */
export type SchemaCheck<T> =
  | { value: T; issues?: undefined }
  | { issues: { path: PropertyKey[]; message: string }[] }
  /** A check is already waiting for the rules (a second press while they load): send nothing. */
  | "busy"
  /** The rules could not be loaded (offline, say): the form says it could not be sent. */
  | "unavailable";

/**
 * The submit-time check of a form that keeps its own state against rules loaded on demand (schemaOnDemand), one
 * check at a time.
 */
export function useSchemaCheck<T>(rules: { validate: (value: unknown) => Promise<StandardResult<T>> }) {
  const checking = useRef(false);
  return useCallback(
    async (value: unknown): Promise<SchemaCheck<T>> => {
      if (checking.current) return "busy";
      checking.current = true;
      try {
        const result = await rules.validate(value);
        return result.issues ? { issues: plainIssues(result.issues) } : { value: result.value };
      } catch {
        return "unavailable";
      } finally {
        checking.current = false;
      }
    },
    [rules],
  );
}

export function useLightForm<T, V extends FormValues = Record<Extract<keyof T, string>, string>>({
  loadSchema,
  defaultValues,
  shouldFocusError = true,
}: {
  loadSchema: () => Promise<StandardSchema<T>>;
  defaultValues: V;
  /** false: the form focuses the first message itself (handleSubmit's `onInvalid`), e.g. when a field is not an input. */
  shouldFocusError?: boolean;
}) {
  type F = Extract<keyof V, string>;
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // The first render's values, like react-hook-form: a new object literal on every render changes nothing.
  const [initial] = useState(defaultValues);
  /** What `reset()` goes back to (react-hook-form: `reset(values)` makes them the new defaults). */
  const baseline = useRef<V>(initial);
  /** The values of the fields not in the DOM now: those set through `setValue`, and inputs that are unmounted. */
  const held = useRef<V>(initial);
  /** `held` as rendered: what `value(name)` returns. */
  const [shown, setShown] = useState<V>(initial);
  const [schema] = useState(() => schemaOnDemand(loadSchema));
  const elements = useRef(new Map<F, FieldElement>());
  const order = useRef<F[]>([]);
  const submitted = useRef(false);
  /** A submit is waiting for its validation. */
  const checking = useRef(false);
  /** The fields the person changed (isDirty compares only these: values set by the page itself do not count). */
  const touched = useRef(new Set<F>());

  const values = useCallback((): V => {
    const out: FormValues = { ...held.current };
    for (const [name, el] of elements.current) out[name] = el.value;
    return out as V;
  }, []);

  const focus = useCallback((name: F) => {
    elements.current.get(name)?.focus();
  }, []);

  const validate = useCallback(async () => {
    const result = await schema.validate(values());
    return result.issues ? { ok: false as const, errors: errorsOf<F>(result.issues) } : { ok: true as const, data: result.value };
  }, [schema, values]);

  /** After a submit, a change re-validates its field (react-hook-form's reValidateMode 'onChange'). */
  const revalidate = useCallback(
    (name: F) => {
      if (!submitted.current) return;
      void validate().then(
        (r) => setErrors((prev) => ({ ...prev, [name]: r.ok ? undefined : r.errors[name] })),
        () => undefined,
      );
    },
    [validate],
  );

  const register = useCallback(
    (name: TextField<V>, options?: { onChange?: (event: ChangeEvent<FieldElement>) => void }) => {
      const field = name as F;
      if (!order.current.includes(field)) order.current.push(field);
      return {
        name,
        defaultValue: held.current[field] as string,
        ref: (el: FieldElement | null) => {
          if (el) {
            elements.current.set(field, el);
            return;
          }
          // Unmounted (a field the form hides now): its value is kept, like react-hook-form's, for when it shows again.
          const gone = elements.current.get(field);
          if (gone) held.current = { ...held.current, [field]: gone.value };
          elements.current.delete(field);
        },
        onFocus: schema.preload,
        onChange: (event: ChangeEvent<FieldElement>) => {
          touched.current.add(field);
          options?.onChange?.(event);
          revalidate(field);
        },
      };
    },
    [revalidate, schema],
  );

  /** A value that is not an input's text (a switch, a radio group, a select drawn by a component). */
  const setValue = useCallback(
    <K extends F>(name: K, value: V[K], options?: { shouldDirty?: boolean; shouldValidate?: boolean }) => {
      held.current = { ...held.current, [name]: value };
      setShown(held.current);
      if (options?.shouldDirty) touched.current.add(name);
      if (options?.shouldValidate) revalidate(name);
    },
    [revalidate],
  );

  const value = <K extends F>(name: K): V[K] => shown[name];

  const isDirty = useCallback(() => {
    const now = values();
    return [...touched.current].some((name) => now[name] !== baseline.current[name]);
  }, [values]);

  const reset = useCallback((next?: V) => {
    if (next) baseline.current = next;
    held.current = baseline.current;
    setShown(baseline.current);
    for (const [name, el] of elements.current) setText(el, String(baseline.current[name] ?? ""));
    touched.current.clear();
    submitted.current = false;
    setErrors({});
  }, []);

  const handleSubmit = useCallback(
    (onValid: (data: T) => void | Promise<void>, onInvalid?: (errors: FieldErrors<F>) => void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // A second press while the first one waits for the rules (they may still be loading) is the same submit.
      if (checking.current) return;
      submitted.current = true;
      checking.current = true;
      let result;
      try {
        result = await validate();
      } finally {
        checking.current = false;
      }
      if (!result.ok) {
        setErrors(result.errors);
        if (shouldFocusError) {
          const first = order.current.find((name) => result.errors[name]);
          if (first) focus(first);
        }
        onInvalid?.(result.errors);
        return;
      }
      setErrors({});
      await onValid(result.data);
    },
    [focus, shouldFocusError, validate],
  );

  const setError = useCallback(
    (name: F, error: { message: string; type?: string }, options?: { shouldFocus?: boolean }) => {
      setErrors((prev) => ({ ...prev, [name]: { message: error.message } }));
      if (options?.shouldFocus) focus(name);
    },
    [focus],
  );

  /** One field's message, or (no name) every message. */
  const clearErrors = useCallback((name?: F) => {
    setErrors((prev) => (name === undefined ? {} : prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  return { register, handleSubmit, setError, clearErrors, setValue, value, getValues: values, isDirty, reset, preload: schema.preload, errors };
}
