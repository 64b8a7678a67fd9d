import type { ComponentProps } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface WaitlistFieldProps
  extends Omit<ComponentProps<"input">, "id" | "name" | "onChange" | "onBlur" | "ref"> {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** Labelled input with an accessible, schema-driven error message. */
export function WaitlistField({
  id,
  label,
  optional = false,
  error,
  registration,
  ...inputProps
}: WaitlistFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={optional ? undefined : true}
        {...inputProps}
        {...registration}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
