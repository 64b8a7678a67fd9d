"use client";

import { useQuery } from "@tanstack/react-query";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { STANDARD_AGREEMENT } from "@/components/share/share-form-values";
import { queryKeys } from "@/client/query-client";
import type { AgreementSummary } from "@/client/types";
import { cn } from "@/client/utils";

/** The owner's agreements, for the share form and the edit dialog. */
export function useAgreements() {
  return useQuery<AgreementSummary[]>({ queryKey: queryKeys.agreements, staleTime: 60_000 });
}

/** What a new link starts with: the account's default agreement, else the standard one. */
export function defaultAgreementChoice(list: AgreementSummary[] | undefined) {
  return list?.find((a) => a.isDefault)?.id ?? STANDARD_AGREEMENT;
}

type Props = {
  /** Prefix of the controls' ids (one form per screen, one dialog per link). */
  idPrefix: string;
  agreementId: string;
  onAgreementChange: (value: string) => void;
  requireNda: boolean;
  onRequireNdaChange: (value: boolean) => void;
  disabled?: boolean;
  error?: string;
  /** The link's current agreement when the list does not hold it (e.g. while it loads). */
  current?: { id: string; title: string; version: number } | null;
};

/**
 * 'Require NDA' and the agreement a link shows: 'Standard agreement' or one of the owner's (/profile → Agreements). A
 * native select: labelled, keyboard and phone friendly. Without an NDA the agreement does not apply and is disabled.
 */
export function AgreementChoice({ idPrefix, agreementId, onAgreementChange, requireNda, onRequireNdaChange, disabled, error, current }: Props) {
  const agreements = useAgreements();
  const list = agreements.data ?? [];
  const missing = current && !list.some((a) => a.id === current.id) ? current : null;
  const selectId = `${idPrefix}-agreement`;
  const errorId = `${selectId}-error`;
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <Switch
          id={`${idPrefix}-require-nda`}
          checked={requireNda}
          onCheckedChange={onRequireNdaChange}
          disabled={disabled}
          aria-describedby={`${idPrefix}-require-nda-hint`}
          className="mt-0.5"
        />
        <div className="space-y-0.5">
          <Label htmlFor={`${idPrefix}-require-nda`} className="cursor-pointer font-normal">
            Require NDA
          </Label>
          <p id={`${idPrefix}-require-nda-hint`} className="text-muted-foreground text-xs">
            Recipients accept the agreement before reading. Off: they identify and read, and no agreement is recorded.
          </p>
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={selectId}>Agreement</Label>
        <select
          id={selectId}
          value={agreementId}
          onChange={(event) => onAgreementChange(event.target.value)}
          disabled={disabled || !requireNda}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            "border-input bg-background h-9 w-full min-w-0 rounded-md border px-3 py-1 text-base shadow-xs outline-none md:text-sm",
            "focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-50",
            "aria-invalid:border-destructive",
          )}
        >
          <option value={STANDARD_AGREEMENT}>Standard agreement</option>
          {missing ? (
            <option value={missing.id}>
              {missing.title} (v{missing.version})
            </option>
          ) : null}
          {list.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title} (v{a.version}){a.isDefault ? " · default" : ""}
            </option>
          ))}
        </select>
        {error ? (
          <p id={errorId} className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
