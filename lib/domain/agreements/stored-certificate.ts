import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { sha256Hex } from "@/lib/platform/crypto";
import { liveJobWith } from "@/lib/platform/jobs";
import { certificateInclude, type CertificateData } from "@/lib/domain/agreements/certificate-data";
import { buildNdaCertificate, certificateOrigin } from "@/lib/domain/agreements/certificate-pdf";

/**
 * An acceptance's certificate is built once per state of the facts it prints, not once per download. Building one
 * (laying out the agreement in an embedded font) costs tens of milliseconds of CPU, and an evidence pack holds every
 * acceptance's: an idea with 200 readers would take seconds of CPU per pack. The PDF last built is kept with the
 * digest of everything it was built from; a request whose facts have the same digest gets those bytes, any other
 * builds anew and keeps the new one. So a kept certificate never says less than a fresh one would.
 *
 * The facts change after acceptance on their own (the proof is submitted, then anchored hours later; the RFC 3161
 * token arrives): the periodic timestamp job queues a rebuild for each acceptance whose kept certificate printed
 * another state of its proof (queueCertificateBuilds), so the pack finds them ready.
 */

/**
 * What the layout code is: bump it when the certificate's drawing or wording changes, so certificates kept by the
 * earlier code are built anew (the digest below covers the facts, not the code that draws them).
 */
export const CERTIFICATE_LAYOUT = 3;

/** The facts as plain, key-sorted JSON: stable for the same acceptance however it was read; stored bytes left out. */
function plainFacts(value: unknown): unknown {
  if (value instanceof Uint8Array) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainFacts);
  if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(object).sort().map((k) => [k, plainFacts(object[k])]));
  }
  return value;
}

export function certificateInputsDigest(nda: CertificateData, origin: string): string {
  return sha256Hex(JSON.stringify({ layout: CERTIFICATE_LAYOUT, origin, facts: plainFacts(nda) }));
}

/**
 * The certificate of `nda` as a PDF: the kept one when its facts are unchanged, else built and kept. A certificate
 * for another origin than the site's (a request through another host name) is built and not kept.
 */
export async function ndaCertificatePdf(nda: CertificateData, origin = certificateOrigin()): Promise<Uint8Array> {
  if (origin !== certificateOrigin()) return buildNdaCertificate(nda, origin);
  const inputsSha256 = certificateInputsDigest(nda, origin);
  // Read as base64 text: the database adapter hands bytea over as an array of numbers, which costs more per kept
  // certificate (tens of kB) than the rest of its evidence together.
  const [kept] = await db.$queryRaw<{ pdf: string }[]>`
    SELECT encode("pdf", 'base64') AS pdf FROM "NdaCertificate" WHERE "ndaAcceptanceId" = ${nda.id} AND "inputsSha256" = ${inputsSha256}`;
  if (kept) return new Uint8Array(Buffer.from(kept.pdf, "base64"));
  const pdf = await buildNdaCertificate(nda, origin);
  const states = { proofStatus: nda.timestamp?.status ?? null, tokenState: nda.timestamp?.tsaToken?.state ?? null };
  const row = { inputsSha256, ...states, pdf: new Uint8Array(pdf), builtAt: new Date() };
  try {
    await db.ndaCertificate.upsert({ where: { ndaAcceptanceId: nda.id }, create: { ndaAcceptanceId: nda.id, ...row }, update: row });
  } catch (err) {
    // Keeping it is an optimisation: an acceptance deleted meanwhile (its foreign key), or a concurrent first write
    // of the same certificate, changes nothing about the bytes answered.
    if (!(err instanceof Prisma.PrismaClientKnownRequestError)) throw err;
  }
  return pdf;
}

/** The job: the certificate of one acceptance, built and kept if its facts changed (an acceptance gone meanwhile: nothing). */
export async function buildKeptCertificate(ndaId: string): Promise<{ ndaId: string; built: boolean }> {
  const nda = await db.ndaAcceptance.findUnique({ where: { id: ndaId }, include: certificateInclude });
  if (!nda) return { ndaId, built: false };
  const before = await db.ndaCertificate.findUnique({ where: { ndaAcceptanceId: ndaId }, select: { inputsSha256: true } });
  await ndaCertificatePdf(nda);
  return { ndaId, built: before?.inputsSha256 !== certificateInputsDigest(nda, certificateOrigin()) };
}

/** At most this many certificate jobs are queued per timestamp run (the rest on the next run). */
export const CERTIFICATE_BUILDS_PER_RUN = 2_000;

/**
 * The acceptances whose certificate is missing or printed another state of its proof or token, and have no job yet:
 * one job each. Only settled states are worth a build: a proof still queued for the calendars, or a token still asked
 * for, changes within seconds.
 */
export function staleCertificates(tx: Prisma.TransactionClient) {
  return tx.$queryRaw<{ data: { ndaId: string } }[]>`
    SELECT jsonb_build_object('ndaId', n."id") AS data
    FROM "NdaAcceptance" n
    JOIN "TimestampProof" p ON p."ndaAcceptanceId" = n."id"
    LEFT JOIN "TsaToken" t ON t."proofId" = p."id"
    LEFT JOIN "NdaCertificate" c ON c."ndaAcceptanceId" = n."id"
    WHERE p."status" <> 'queued' AND (t."state" IS NULL OR t."state" <> 'pending')
      AND (c."ndaAcceptanceId" IS NULL OR c."proofStatus" IS DISTINCT FROM p."status" OR c."tokenState" IS DISTINCT FROM t."state")
      AND NOT ${liveJobWith("certificates", "ndaId", Prisma.sql`n."id"`)}
    LIMIT ${CERTIFICATE_BUILDS_PER_RUN}`;
}
