"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { AccessDenied, StatusPanel, VerifyingAccess } from "@/components/recipient/access-state";
import { EmailCodeStep } from "@/components/recipient/email-code-step";
import { PasscodeStep } from "@/components/recipient/passcode-step";
import { RecipientForm } from "@/components/recipient/recipient-form";
import { STEP_DELAY_MS, pause, recipientPath, recipientStage, sharedSubject } from "@/components/recipient/recipient-flow";
import { useSharedIdea } from "@/components/recipient/use-shared-idea";
import { useDismissStaleErrors } from "@/components/recipient/use-step-toasts";
import type { Recipient, SharedIdea } from "@/client/types";

/** /collect and /view: check the link, then who is reading (SPEC §2 'Recipient information'). */
export function CollectClient({ token }: { token: string | null }) {
  const [attempt, setAttempt] = React.useState(0);
  const state = useSharedIdea(token, attempt);
  const router = useRouter();
  const share = state.status === "ready" ? state.share : null;
  // A recipient this browser already identified skips ahead (SPEC §4).
  const stage = share ? recipientStage(share) : null;
  const skipTo = token && stage && stage !== "collect" ? recipientPath(stage, token) : null;
  useDismissStaleErrors(state.status === "passcode" ? "passcode" : "identify");

  React.useEffect(() => {
    if (skipTo) router.replace(skipTo);
  }, [router, skipTo]);

  if (state.status === "invalid" || !token) return <AccessDenied />;
  if (state.status === "passcode") return <PasscodeStep token={token} onUnlocked={() => setAttempt((n) => n + 1)} />;
  if (!share || skipTo) return <VerifyingAccess />;
  return <IdentifyRecipient token={token} share={share} />;
}

function IdentifyRecipient({ token, share }: { token: string; share: SharedIdea }) {
  const router = useRouter();
  // A recipient that has not confirmed its code yet (e-mail and allow-listed links) resumes at the code step.
  const [awaitingCode, setAwaitingCode] = React.useState<Recipient | null>(share.recipient);
  const [pending, setPending] = React.useState(false);
  useDismissStaleErrors(awaitingCode ? "code" : "details");

  const proceed = async () => {
    setPending(true);
    await pause(STEP_DELAY_MS);
    router.push(recipientPath(share.requireNda === false ? "document" : "nda", token));
  };

  const identified = (recipient: Recipient) => {
    // E-mail links and allow-listed links prove the address with a code first.
    if (!recipient.emailVerified) {
      setPending(false);
      setAwaitingCode(recipient);
      return;
    }
    void proceed();
  };

  return (
    <div className="flex justify-center">
      <section
        aria-labelledby="collect-title"
        className="w-full max-w-md rounded-xl border bg-background p-5 shadow-sm sm:p-8"
      >
        <header className="mb-6 space-y-3">
          <h1 id="collect-title" className="text-xl font-bold text-brand sm:text-2xl">
            {sharedSubject(share).sender} needs to know who viewed the document!
          </h1>
          <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            We will NOT send you marketing emails! Your information will only be used for verification.
          </p>
        </header>
        {pending ? <StatusPanel compact text="Verifying your information..." /> : null}
        {awaitingCode ? (
          <EmailCodeStep
            recipient={awaitingCode}
            hidden={pending}
            onPendingChange={setPending}
            onVerified={() => void proceed()}
            onStartOver={() => setAwaitingCode(null)}
          />
        ) : (
          <RecipientForm token={token} hidden={pending} onPendingChange={setPending} onIdentified={identified} invitedEmail={share.invitedEmail} />
        )}
      </section>
    </div>
  );
}
