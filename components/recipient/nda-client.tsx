"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Download } from "lucide-react";

import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import {
  AccessDenied,
  StatusPanel,
  VerifyingAccess,
} from "@/components/recipient/access-state";
import { AgreementText } from "@/components/recipient/agreement-text";
import { ConfirmDialog } from "@/components/recipient/confirm-dialog";
import { loadAgreement } from "@/components/recipient/agreement-request";
import {
  recipientPath,
  recipientStage,
  sharedSubject,
} from "@/components/recipient/recipient-flow";
import { saveFile } from "@/components/recipient/save-file";
import { handLookupOn, useSharedIdea } from "@/components/recipient/use-shared-idea";
import { useDismissStaleErrors } from "@/components/recipient/use-step-toasts";
import {
  EndScreen,
  type RecipientEnding,
} from "@/components/recipient/end-screen";
import { apiRequest, isApiError } from "@/client/request";
import { toast } from "@/client/toast";
import type { Recipient, RecipientAgreement, SharedIdea } from "@/client/types";
import {
  SIGNATURE_MAX_CHARS,
  SIGNATURE_MISMATCH,
  signatureMatches,
} from "@/lib/domain/validation/nda-signature";

/** /nda: the agreement for the recipient this browser holds (SPEC §2 'Agreement', §4). */
export function NdaClient({ token, senderName = null }: { token: string | null; senderName?: string | null }) {
  const state = useSharedIdea(token, senderName);
  const router = useRouter();
  // Declining clears the recipient this screen holds; the screen then names what was declined and who sent it
  //, instead of going to the marketing page.
  const [ending, setEnding] = React.useState<RecipientEnding | null>(null);
  const declined = ending !== null;
  useDismissStaleErrors(declined ? "declined" : "agreement");
  const share = state.status === "ready" ? state.share : null;
  const stage = share ? recipientStage(share) : null;
  // A link whose passcode this browser has not given (or that changed) asks for it on /collect.
  const passcodeFirst =
    token && state.status === "passcode"
      ? recipientPath("collect", token)
      : null;
  const redirect =
    passcodeFirst ??
    (token && stage && stage !== "nda" && !declined
      ? recipientPath(stage, token)
      : null);

  React.useEffect(() => {
    if (!redirect) return;
    if (token && share && stage === "document" && !passcodeFirst) handLookupOn(token, share);
    router.replace(redirect);
  }, [router, redirect, token, share, stage, passcodeFirst]);

  if (ending) return <EndScreen ending={ending} />;
  if (state.status === "invalid" || !token) return <AccessDenied />;
  if (!share || !share.recipient || redirect) return <VerifyingAccess />;
  return (
    <AgreementScreen
      token={token}
      share={share}
      recipient={share.recipient}
      onDeclined={async (recipientId) => {
        try {
          // The server marks the recipient declined and ends this browser's session for the link.
          await apiRequest<{ declined: true }>(
            "POST",
            `/api/recipients/${encodeURIComponent(recipientId)}/decline`,
          );
        } catch (err) {
          // 404: this browser holds no live recipient for the link any more (declined elsewhere, link ended).
          if (!isApiError(err, 404)) {
            toast.error("Error", {
              description: "Failed to decline the agreement. Please try again.",
            });
            return;
          }
        }
        setEnding({
          kind: "declined",
          title: sharedSubject(share).title,
          sender: sharedSubject(share).sender,
          oneTime: share.shareType === "one-time",
        });
        toast.info("Agreement Declined", {
          description: "You will not be able to view the document.",
        });
      }}
    />
  );
}

type AgreementScreenProps = {
  token: string;
  share: SharedIdea;
  recipient: Recipient;
  onDeclined: (recipientId: string) => Promise<void>;
};

function AgreementScreen({
  token,
  share,
  recipient,
  onDeclined,
}: AgreementScreenProps) {
  const router = useRouter();
  const [readToEnd, setReadToEnd] = React.useState(false);
  const [confirmDecline, setConfirmDecline] = React.useState(false);
  const [agreeing, setAgreeing] = React.useState(false);
  // The full name typed as the signature: 'I Agree' waits for it to match the name shown above (the server checks too).
  const [signature, setSignature] = React.useState("");
  const [signatureError, setSignatureError] = React.useState<string | null>(
    null,
  );
  const signed = signatureMatches(recipient.name, signature);
  const markRead = React.useCallback(() => setReadToEnd(true), []);
  // The agreement as the server renders it for this recipient (the link's own agreement or the
  // standard one); accepting sends its digest back, so what is recorded is exactly what was shown.
  const [shown, setShown] = React.useState<RecipientAgreement | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);
  const [loads, setLoads] = React.useState(0);

  React.useEffect(() => {
    router.prefetch(recipientPath("document", token));
  }, [router, token]);

  React.useEffect(() => {
    let current = true;
    // The first load takes the request the details screen started on its way here; a reload asks again.
    loadAgreement(token, loads > 0).then(
      (agreement) => {
        if (!current) return;
        setShown(agreement);
        setLoadFailed(false);
      },
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [token, loads]);

  const download = () => {
    if (!shown) return;
    saveFile(
      shown.download.fileName,
      new Blob([shown.download.text], { type: "text/plain;charset=utf-8" }),
    );
  };

  const agree = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!shown || !readToEnd) return;
    if (!signed) {
      setSignatureError(SIGNATURE_MISMATCH);
      return;
    }
    setAgreeing(true);
    try {
      await apiRequest<Recipient>(
        "PUT",
        `/api/recipients/${encodeURIComponent(recipient.id)}/nda`,
        { agreed: true, agreementSha256: shown.sha256, signature },
      );
    } catch (err) {
      setAgreeing(false);
      if (isApiError(err, 400)) {
        setSignatureError(err.serverMessage ?? SIGNATURE_MISMATCH);
        return;
      }
      if (isApiError(err, 409)) {
        // The owner changed the agreement (or the date turned) since it was opened: show the new text to read.
        toast.error("Error", {
          description:
            "The agreement has changed since you opened it. Please read it again.",
        });
        setReadToEnd(false);
        setShown(null);
        setLoads((n) => n + 1);
        return;
      }
      toast.error("Error", {
        description: "Failed to record your agreement. Please try again.",
      });
      return;
    }
    router.push(recipientPath("document", token));
  };

  if (agreeing) return <StatusPanel text="Encrypting your agreement..." />;
  if (loadFailed)
    return (
      <div className="mx-auto grid w-full max-w-md justify-items-center gap-3 text-center">
        <p role="alert">The agreement could not be loaded.</p>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          onClick={() => setLoads((n) => n + 1)}
        >
          Try again
        </Button>
      </div>
    );
  if (!shown) return <StatusPanel text="Loading the agreement..." />;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand">
          Confidentiality Agreement
        </h1>
        <p className="text-sm text-muted-foreground">
          {sharedSubject(share).sender} asks you to accept it before you
          open {sharedSubject(share).title}.
        </p>
      </header>
      <dl className="grid gap-3 rounded-lg border bg-background p-4 text-sm sm:grid-cols-2">
        {sharedSubject(share).room ? (
          <Detail label="Room" value={sharedSubject(share).title} />
        ) : (
          <>
            <Detail label="Idea" value={share.idea.title} />
            <Detail label="Idea ID" value={String(share.idea.id)} />
          </>
        )}
        <Detail label="Shared by" value={sharedSubject(share).sender} />
        <Detail
          label="Recipient"
          value={`${recipient.name} (${recipient.email})`}
        />
      </dl>
      <AgreementText
        key={shown.sha256}
        shown={shown.document}
        onReadToEnd={markRead}
      />
      <form noValidate onSubmit={agree} className="grid gap-4">
        <InputField
          id="nda-signature"
          label="Type your full name to sign"
          hint={`As shown above: ${recipient.name}`}
          autoComplete="name"
          spellCheck={false}
          maxLength={SIGNATURE_MAX_CHARS}
          value={signature}
          onChange={(event) => {
            setSignature(event.target.value);
            setSignatureError(null);
          }}
          onBlur={() => {
            if (signature.trim() && !signed)
              setSignatureError(SIGNATURE_MISMATCH);
          }}
          error={signatureError}
          className="h-11 sm:max-w-md"
        />
        <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:justify-between">
          <Button
            type="button"
            variant="outline"
            className="h-11"
            onClick={download}
          >
            <Download aria-hidden="true" />
            Download Agreement
          </Button>
          <div className="grid gap-2 sm:flex">
            <Button
              type="button"
              variant="outline"
              className="h-11"
              onClick={() => setConfirmDecline(true)}
            >
              Decline
            </Button>
            <Button
              type="submit"
              className="h-11"
              disabled={!readToEnd || !signed}
            >
              {readToEnd ? "I Agree" : "Please read the full agreement"}
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirmDecline}
        onOpenChange={setConfirmDecline}
        title="Decline the agreement?"
        confirmLabel="Decline"
        destructive
        onConfirm={() => {
          setConfirmDecline(false);
          void onDeclined(recipient.id);
        }}
      >
        <p>
          Are you sure you want to decline? You will not be able to view the
          document.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {label}
      </dt>
      <dd className="break-words font-medium">{value}</dd>
    </div>
  );
}
