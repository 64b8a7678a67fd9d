"use client";

import * as React from "react";
import { LockKeyhole } from "lucide-react";

import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { StatusPanel } from "@/components/recipient/access-state";
import { apiRequest, errorMessage } from "@/client/request";

/**
 * A link with a passcode: asked before anything else, POST /api/share/{token}/passcode. The server
 * keeps the proof in an httpOnly cookie for this link; `onUnlocked` looks the link up again.
 */
export function PasscodeStep({ token, onUnlocked }: { token: string; onUnlocked: () => void }) {
  const [passcode, setPasscode] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!passcode) {
      setError("Enter the passcode");
      return;
    }
    setError(null);
    setPending(true);
    try {
      await apiRequest("POST", `/api/share/${encodeURIComponent(token)}/passcode`, { passcode });
      onUnlocked();
    } catch (err) {
      setPending(false);
      setError(errorMessage(err, "The passcode could not be checked. Please try again."));
    }
  };

  return (
    <div className="flex justify-center">
      <section aria-labelledby="passcode-title" className="w-full max-w-md rounded-xl border bg-background p-5 shadow-sm sm:p-8">
        <header className="mb-6 space-y-3">
          <LockKeyhole aria-hidden="true" className="size-8 text-brand" />
          <h1 id="passcode-title" className="text-xl font-bold text-brand sm:text-2xl">
            This link is protected
          </h1>
          <p className="text-sm text-muted-foreground">Enter the passcode you were given with the link.</p>
        </header>
        {pending ? <StatusPanel compact text="Checking the passcode..." /> : null}
        <form noValidate onSubmit={submit} className="grid gap-5" hidden={pending}>
          <InputField
            id="share-passcode"
            label="Passcode"
            type="password"
            autoComplete="off"
            value={passcode}
            onChange={(event) => {
              setPasscode(event.target.value);
              setError(null);
            }}
            error={error}
            maxLength={64}
            autoFocus
          />
          <Button type="submit" className="h-11 w-full">
            Continue
          </Button>
        </form>
      </section>
    </div>
  );
}
