"use client";

import * as React from "react";
import { CheckCircle2, Clock, Download, XCircle } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/client/request";
import type { VerifyAnswer } from "@/client/types";
import { localDateTime } from "@/lib/platform/format/date-format";
import { VERIFY_FILE_MAX_BYTES, VERIFY_OTS_MAX_BYTES, VERIFY_TOO_LARGE, VERIFY_TSR_MAX_BYTES } from "@/lib/domain/validation/timestamps";

type OtsAnswer = Extract<VerifyAnswer, { verdict: unknown }>;
type Attestation = OtsAnswer["attestations"][number];
type TokenAnswer = NonNullable<VerifyAnswer["rfc3161"]>;

const HEADLINES: Record<OtsAnswer["verdict"], string> = {
  confirmed: "The file matches the proof and is anchored in Bitcoin",
  pending: "The file matches the proof; it is not anchored in Bitcoin yet",
  unchecked: "The file matches the proof; its Bitcoin block could not be checked",
  invalid: "The proof's Bitcoin attestation is not valid",
  mismatch: "The file does not match the proof",
};

function describe(a: Attestation): string {
  if (a.kind === "pending") return `Pending at calendar ${a.calendar}`;
  if (a.kind === "other") return a.description;
  if (a.result === "verified") return `Bitcoin block ${a.height}, mined ${localDateTime(a.time)} (checked against the block explorers)`;
  if (a.result === "mismatch") return `Bitcoin block ${a.height}: does not match the blockchain (${a.reason})`;
  if (a.result === "unavailable") return `Bitcoin block ${a.height}: could not be checked (${a.reason})`;
  return `Bitcoin block ${a.height} (not checked: the file does not match)`;
}

async function postVerify(file: File, ots: File | null, tsr: File | null): Promise<VerifyAnswer> {
  const body = new FormData();
  body.append("file", file);
  if (ots) body.append("ots", ots);
  if (tsr) body.append("tsr", tsr);
  const res = await fetch("/api/verify", {
    method: "POST",
    body,
    credentials: "include",
  });
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ""), res.statusText);
  return (await res.json()) as VerifyAnswer;
}

/** The RFC 3161 token's result, under the OpenTimestamps one (or alone). */
function TokenResult({ token }: { token: TokenAnswer }) {
  const Icon = token.valid ? CheckCircle2 : XCircle;
  return (
    <div className="space-y-1">
      <h3 className={`flex items-center gap-2 font-semibold ${token.valid ? "text-emerald-700" : "text-destructive"}`}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {token.valid ? "The file matches the RFC 3161 token" : "The RFC 3161 token is not valid for this file"}
      </h3>
      <p className="text-sm">
        {token.valid ? `Timestamped at ${localDateTime(token.genTime)} by ${token.tsa} (RFC 3161).` : `Reason: ${token.reason}.`}
      </p>
    </div>
  );
}

/** The public verification form: a file, its .ots proof and/or its .tsr token, and what the server found. */
export function VerifyForm() {
  const [file, setFile] = React.useState<File | null>(null);
  const [ots, setOts] = React.useState<File | null>(null);
  const [tsr, setTsr] = React.useState<File | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [answer, setAnswer] = React.useState<VerifyAnswer | null>(null);
  const [upgradedUrl, setUpgradedUrl] = React.useState<string | null>(null);

  React.useEffect(() => () => void (upgradedUrl && URL.revokeObjectURL(upgradedUrl)), [upgradedUrl]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setAnswer(null);
    setUpgradedUrl(null);
    if (!file || (!ots && !tsr)) return setError("Choose the file and its .ots proof or .tsr token.");
    if (file.size > VERIFY_FILE_MAX_BYTES || (ots?.size ?? 0) > VERIFY_OTS_MAX_BYTES || (tsr?.size ?? 0) > VERIFY_TSR_MAX_BYTES)
      return setError(VERIFY_TOO_LARGE);
    setBusy(true);
    try {
      const result = await postVerify(file, ots, tsr);
      setAnswer(result);
      if ("upgradedOts" in result && result.upgradedOts) {
        const bytes = Uint8Array.from(atob(result.upgradedOts), (c) => c.charCodeAt(0));
        setUpgradedUrl(URL.createObjectURL(new Blob([bytes], { type: "application/vnd.opentimestamps.v1" })));
      }
    } catch (err) {
      setError(
        err instanceof ApiError && err.status < 500
          ? (err.serverMessage ?? "The proof could not be checked.")
          : "The proof could not be checked. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  const otsAnswer = answer && "verdict" in answer ? answer : null;
  const ok = otsAnswer?.verdict === "confirmed";
  const bad = otsAnswer?.verdict === "mismatch" || otsAnswer?.verdict === "invalid";
  const Icon = ok ? CheckCircle2 : bad ? XCircle : Clock;

  return (
    <section aria-label="Verify a file" className="space-y-6">
      <form onSubmit={submit} className="grid gap-4 rounded-lg border p-4 sm:p-6">
        <div className="grid gap-2">
          <Label htmlFor="verify-file">File</Label>
          <Input id="verify-file" type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="verify-ots">Proof (.ots)</Label>
          <Input id="verify-ots" type="file" accept=".ots" onChange={(e) => setOts(e.target.files?.[0] ?? null)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="verify-tsr">RFC 3161 token (.tsr)</Label>
          <Input id="verify-tsr" type="file" accept=".tsr" onChange={(e) => setTsr(e.target.files?.[0] ?? null)} />
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner label="Verifying..." /> : null}
            Verify
          </Button>
        </div>
        {error ? <p className="text-destructive text-sm">{error}</p> : null}
      </form>

      {answer ? (
        <div role="status" className="space-y-3 rounded-lg border p-4 sm:p-6">
          {otsAnswer ? (
            <>
              <h2 className={`flex items-center gap-2 text-lg font-semibold ${ok ? "text-emerald-700" : bad ? "text-destructive" : ""}`}>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {HEADLINES[otsAnswer.verdict]}
              </h2>
              <p className="text-sm">{otsAnswer.message}</p>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {otsAnswer.attestations.map((a, i) => (
                  <li key={i} className="break-words">
                    {describe(a)}
                  </li>
                ))}
              </ul>
              <p className="text-muted-foreground font-mono text-xs break-all">
                {answer.hash.toUpperCase()} of the file: {answer.fileDigest}
              </p>
              {upgradedUrl ? (
                <Button asChild variant="outline" size="sm">
                  <a href={upgradedUrl} download={ots?.name ?? "proof.ots"}>
                    <Download aria-hidden="true" />
                    Download the completed proof
                  </a>
                </Button>
              ) : null}
            </>
          ) : null}
          {answer.rfc3161 ? <TokenResult token={answer.rfc3161} /> : null}
        </div>
      ) : null}
    </section>
  );
}
