import type { ComponentProps } from "react";
import type { useLightForm } from "@/client/light-form";

import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

interface WaitlistFieldProps extends Omit<ComponentProps<"input">, "id" | "name" | "onChange" | "onBlur" | "ref"> {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  /** The input's `register(name)` (client/light-form.ts). */
  registration: ReturnType<ReturnType<typeof useLightForm>["register"]>;
}

/** A waitlist input: the one FormField, marked optional or required. */
export function WaitlistField({ id, label, optional = false, error, registration, ...inputProps }: WaitlistFieldProps) {
  const fieldLabel = (
    <>
      {label}
      {optional ? <span className="text-muted-foreground font-normal"> (optional)</span> : null}
    </>
  );
  return (
    <FormField id={id} label={fieldLabel} error={error} announceError>
      {(control) => <Input {...control} aria-required={optional ? undefined : true} {...inputProps} {...registration} />}
    </FormField>
  );
}
