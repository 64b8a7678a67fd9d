"use client";

import * as React from "react";
import { useRouter } from "next/navigation";

import { AccessDenied, StatusPanel, VerifyingAccess } from "@/components/recipient/access-state";
import { loadAgreementAhead } from "@/components/recipient/agreement-request";
import { EmailCodeStep } from "@/components/recipient/email-code-step";
import { RecipientForm } from "@/components/recipient/recipient-form";
import { recipientPath, recipientStage, sharedSubject } from "@/components/recipient/recipient-flow";
import { handLookupOn, lookUpShareAhead, useSharedIdea } from "@/components/recipient/use-shared-idea";
import { useDismissStaleErrors } from "@/components/recipient/use-step-toasts";
import { apiRequest } from "@/client/request";
import type { Recipient, ShareLookup, SharedIdea } from "@/client/types";

/**
 * /collect and /view: check the link, then one screen for everything it asks of the reader — its passcode (if any),
 * who is reading, and the code that proves the address where one is needed (SPEC §2 'Recipient information').
 */
export function CollectClient({ token, senderName = null }: { token: string | null; senderName?: string | null }) {
  const state = useSharedIdea(token, senderName);
  const router = useRouter();
  const share = state.status === "ready" ? state.share : null;
  // A recipient this browser already identified skips ahead (SPEC §4).
  const stage = share ? recipientStage(share) : null;
  const skipTo = token && stage && stage !== "collect" ? recipientPath(stage, token) : null;

  React.useEffect(() => {
    if (!skipTo) return;
    if (token && share && stage === "document") handLookupOn(token, share);
    router.replace(skipTo);
  }, [router, skipTo, token, share, stage]);

  if (state.status === "invalid" || !token) return <AccessDenied />;
  if (state.status === "passcode") return <IdentifyRecipient token={token} sender={state.sender} initial={null} />;
  if (!share || skipTo) return <VerifyingAccess />;
  return <IdentifyRecipient token={token} sender={sharedSubject(share).sender} initial={share} />;
}

type IdentifyRecipientProps = {
  token: string;
  sender: string;
  /** The link as looked up; null while its passcode is missing (nothing about the idea is known then). */
  initial: SharedIdea | null;
};

function IdentifyRecipient({ token, sender, initial }: IdentifyRecipientProps) {
  const router = useRouter();
  const [share, setShare] = React.useState<SharedIdea | null>(initial);
  // The look-up made once the passcode is accepted: the title to show, and whether the link asks for the agreement.
  const unlockedLookup = React.useRef<Promise<ShareLookup> | null>(null);
  const [passcodeGiven, setPasscodeGiven] = React.useState(false);
  // A recipient that has not confirmed its code yet resumes at the code, on this same screen.
  const [awaitingCode, setAwaitingCode] = React.useState<Recipient | null>(initial?.recipient ?? null);
  const [pending, setPending] = React.useState(false);
  useDismissStaleErrors(awaitingCode ? "code" : "details");

  // The next screens' code is fetched while the reader types (recipient links do not prefetch on their own).
  React.useEffect(() => {
    router.prefetch(recipientPath("nda", token));
    router.prefetch(recipientPath("document", token));
  }, [router, token]);

  const unlocked = () => {
    setPasscodeGiven(true);
    const lookup = apiRequest<ShareLookup>("GET", `/api/share/${encodeURIComponent(token)}`);
    unlockedLookup.current = lookup;
    lookup.then(
      (found) => {
        if (!("requiresPasscode" in found)) setShare(found);
      },
      () => undefined,
    );
  };

  /** On to the agreement (its text and this link's state requested now, so it opens ready), or to the document. */
  const proceed = async () => {
    setPending(true);
    let known = share;
    if (!known && unlockedLookup.current) {
      const found = await unlockedLookup.current.catch(() => null);
      known = found && !("requiresPasscode" in found) ? found : null;
    }
    // A document look-up consumes a view: only the agreement screen's are started ahead.
    if (known?.requireNda === false) {
      router.push(recipientPath("document", token));
      return;
    }
    lookUpShareAhead(token).catch(() => undefined);
    loadAgreementAhead(token);
    router.push(recipientPath("nda", token));
  };

  const identified = (recipient: Recipient) => {
    // The server asks for a code whenever the address must be proven (it answers emailVerified: false then).
    if (!recipient.emailVerified) {
      setPending(false);
      setAwaitingCode(recipient);
      return;
    }
    void proceed();
  };

  const subject = share ? sharedSubject(share) : null;
  const askPasscode = initial === null && !passcodeGiven;

  return (
    <div className="flex justify-center">
      <section aria-labelledby="collect-title" className="w-full max-w-md rounded-xl border bg-background p-5 shadow-sm sm:p-8">
        <header className="mb-6 space-y-2">
          <p className="text-sm text-muted-foreground">
            Shared with you by <span className="font-medium text-foreground">{sender}</span>
          </p>
          <h1 id="collect-title" className="text-xl font-bold break-words text-brand sm:text-2xl">
            {subject ? subject.title : "This link is protected"}
          </h1>
          <p className="text-sm text-muted-foreground">
            {awaitingCode
              ? "One more step: confirm your e-mail address."
              : `${askPasscode ? "Enter the passcode you were given and tell" : "Tell"} ${sender} who is reading. Your details go only to ${sender}, to record who opened the link; no marketing e-mail.`}
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
          <RecipientForm
            token={token}
            askPasscode={askPasscode}
            onUnlocked={unlocked}
            hidden={pending}
            onPendingChange={setPending}
            onIdentified={identified}
            invitedEmail={share?.invitedEmail}
          />
        )}
      </section>
    </div>
  );
}
