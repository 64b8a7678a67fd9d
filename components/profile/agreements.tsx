"use client";

import { lazy, useId, useState } from "react";
import { toast } from "@/client/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogOnDemand, type TriggerProps } from "@/components/ui/dialog-on-demand";
import { Skeleton } from "@/components/ui/skeleton";
import { useAgreements } from "@/components/share/agreement-choice";
import { ProfileSection } from "@/components/profile/profile-section";
import { AGREEMENTS, agreementUrl } from "@/components/profile/agreement-requests";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { AgreementSummary } from "@/client/types";

// The agreement form (its dialog, the placeholders' help, the rules) loads when 'New agreement' or
// 'Edit' is reached, not with the page.
const loadForm = () => import("@/components/profile/agreement-form-dialog");
const AgreementFormContent = lazy(() => loadForm().then((m) => ({ default: m.AgreementFormContent })));

/**
 * /profile → 'Agreements' (GET/POST /api/agreements, PUT/DELETE /api/agreements/{id}): the owner's own
 * agreements with their version, the 'Default' badge and whether a link uses them; create, edit (a version a recipient
 * accepted is kept, the edit becomes the next version), set default and delete (refused while a link uses it).
 */
export function Agreements() {
  const headingId = useId();
  const list = useAgreements();
  const agreements = list.data ?? [];
  return (
    <ProfileSection
      title="Agreements"
      description={
        <>
          Your own agreements for recipients to accept. Links use your default agreement unless you choose another; without one,
          they use the standard agreement.
        </>
      }
    >
      {list.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p className="text-destructive">Your agreements could not be loaded.</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      ) : agreements.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-4 text-center text-sm">No agreements yet: links use the standard agreement.</p>
      ) : (
        <ul aria-labelledby={headingId} className="space-y-3">
          {agreements.map((a) => (
            <AgreementItem key={a.id} agreement={a} />
          ))}
        </ul>
      )}
      <AgreementFormDialog trigger={<Button type="button">New agreement</Button>} />
    </ProfileSection>
  );
}

function AgreementItem({ agreement }: { agreement: AgreementSummary }) {
  const [problem, setProblem] = useState<string | null>(null);

  const makeDefault = useApiMutation(
    () => apiRequest("PUT", agreementUrl(agreement), { title: agreement.title, body: agreement.body, isDefault: true }),
    {
      invalidates: AGREEMENTS,
      onSuccess: () => void toast.success(`'${agreement.title}' is now your default agreement.`),
      onError: (err) => setProblem(errorMessage(err, "The default could not be changed. Please try again.")),
    },
  );
  const remove = useApiMutation(() => apiRequest("DELETE", agreementUrl(agreement)), {
    invalidates: AGREEMENTS,
    onSuccess: () => void toast.success("Agreement deleted."),
    // 409: a link still uses it; the server's message says what to do.
    onError: (err) => setProblem(errorMessage(err, "The agreement could not be deleted. Please try again.")),
  });
  const start = (mutation: { mutateAsync: () => Promise<unknown> }) => {
    setProblem(null);
    return mutation.mutateAsync().then(
      () => true,
      () => true,
    );
  };

  return (
    <li data-agreement-id={agreement.id} className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium break-words">{agreement.title}</p>
        <span className="text-muted-foreground text-sm">v{agreement.version}</span>
        {agreement.isDefault ? <Badge variant="secondary">Default</Badge> : null}
        {agreement.inUse ? <Badge variant="outline">In use</Badge> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <AgreementFormDialog
          agreement={agreement}
          trigger={
            <Button type="button" size="sm" variant="outline" aria-label={`Edit ${agreement.title}`}>
              Edit
            </Button>
          }
        />
        {agreement.isDefault ? null : (
          <Button type="button" size="sm" variant="outline" onClick={() => void start(makeDefault)} disabled={makeDefault.isPending} aria-label={`Set as default: ${agreement.title}`}>
            Set as default
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="ghost" className="text-destructive" aria-label={`Delete ${agreement.title}`}>
              Delete
            </Button>
          }
          title="Delete this agreement?"
          description={`'${agreement.title}' will no longer be offered for new links. Acceptances already recorded keep its text.`}
          confirmLabel="Delete agreement"
          pendingLabel="Deleting the agreement..."
          destructive
          onConfirm={() => start(remove)}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

/** Create (no `agreement`) or edit: the trigger, and the form's dialog (./agreement-form-dialog.tsx) once it is needed. */
function AgreementFormDialog({ agreement, trigger }: { agreement?: AgreementSummary; trigger: React.ReactElement<TriggerProps> }) {
  return (
    <DialogOnDemand preload={loadForm} trigger={trigger}>
      {(dialog) => <AgreementFormContent agreement={agreement} {...dialog} />}
    </DialogOnDemand>
  );
}
