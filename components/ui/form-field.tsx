import type * as React from "react";
import type { ReactNode } from "react";

import { Input } from "@/components/ui/input";
import { cn } from "@/client/utils";

/** What the field's control needs to be tied to its label and message. */
export type FieldControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The message shown under the field (SPEC §5), if any; its element is `${id}-error`. */
  error?: string | null;
  hint?: ReactNode;
  /** Beside the label on the right, e.g. the login form's 'Forgot' link. */
  labelAside?: ReactNode;
  /** role=alert on the message: for forms whose errors arrive while the person is elsewhere on the page. */
  announceError?: boolean;
  className?: string;
  /** The control (Input, PasswordInput, Textarea, …), given the id and aria wiring. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The one label + control + hint + error wiring of every form. A plain <label> (not the radix one) keeps the public
 * pages' first load light.
 */
export function FormField({ id, label, error, hint, labelAside, announceError, className, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const labelElement = (
    <label htmlFor={id} className="text-sm leading-none font-medium">
      {label}
    </label>
  );
  return (
    <div className={cn("grid gap-2", className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={announceError ? "alert" : undefined} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = Omit<React.ComponentProps<"input">, "id"> & {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
};

/** A FormField around a plain Input, its error announced (the recipient steps): the common case in one line. */
export function InputField({ id, label, error, hint, className, ...props }: InputFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} announceError>
      {(control) => <Input {...control} className={className ?? "h-11"} {...props} />}
    </FormField>
  );
}
