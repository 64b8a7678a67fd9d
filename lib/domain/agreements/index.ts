import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { AGREEMENT_NOT_FOUND, liveAgreement, ownedAgreementOr404 } from "@/lib/domain/agreements/owned";
import { ConflictError, NotFoundError } from "@/lib/platform/http/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { agreementSchema, type AgreementRequest } from "@/lib/domain/validation/agreements";

/**
 * A founder's own agreements: GET/POST /api/agreements, GET/PUT/DELETE /api/agreements/{id}. Ownership is
 * part of every query (another owner's id is a 404 like an unknown one); a deleted agreement is gone for its owner,
 * while the links and acceptances that name it keep its name and text.
 *
 * Versions: a version a recipient accepted never changes. PUT edits the current version in place while nobody
 * accepted it, and otherwise adds version n+1; the agreement's row is locked for the edit, and an acceptance locks it
 * too (lib/domain/agreements/shown.ts), so an acceptance and an edit of the same version cannot interleave.
 */
export { AGREEMENT_NOT_FOUND } from "@/lib/domain/agreements/owned";
export const AGREEMENT_IN_USE = "This agreement is used by a link. Choose another agreement for those links first.";
export const AGREEMENT_NOT_YOURS = "Choose one of your agreements, or the standard agreement.";

type Tx = Prisma.TransactionClient;

const withCurrent = {
  versions: { orderBy: { version: "desc" }, take: 1 },
  _count: { select: { shares: { where: { revokedAt: null } } } },
} as const satisfies Prisma.AgreementInclude;
type AgreementRow = Prisma.AgreementGetPayload<{ include: typeof withCurrent }>;

function present(a: AgreementRow) {
  const current = a.versions[0];
  return {
    id: a.id,
    title: current?.title ?? a.title,
    body: current?.body ?? "",
    version: current?.version ?? 1,
    isDefault: a.isDefault,
    /** A link that is not revoked shows it (then it cannot be deleted). */
    inUse: a._count.shares > 0,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}
export type AgreementSummary = ReturnType<typeof present>;
export type AgreementVersionSummary = { version: number; title: string; body: string; createdAt: Date; acceptedCount: number };
export type AgreementDetail = AgreementSummary & { versions: AgreementVersionSummary[] };

const live = liveAgreement;

export async function listAgreements(ownerId: string): Promise<AgreementSummary[]> {
  const rows = await db.agreement.findMany({ where: live(ownerId), include: withCurrent, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(present);
}

export async function getAgreement(ownerId: string, id: string): Promise<AgreementDetail> {
  const row = await ownedAgreementOr404(ownerId, id, { include: withCurrent });
  const [versions, counts] = await Promise.all([
    db.agreementVersion.findMany({ where: { agreementId: id }, orderBy: { version: "desc" } }),
    db.ndaAcceptance.groupBy({ by: ["agreementVersionNumber"], where: { agreementId: id }, _count: { _all: true } }),
  ]);
  const accepted = new Map(counts.map((c) => [c.agreementVersionNumber, c._count._all]));
  return {
    ...present(row),
    versions: versions.map((v) => ({ version: v.version, title: v.title, body: v.body, createdAt: v.createdAt, acceptedCount: accepted.get(v.version) ?? 0 })),
  };
}

/** Setting one default unsets the account's others (the partial unique index is the backstop). */
async function makeDefault(tx: Tx, ownerId: string, id: string) {
  await tx.agreement.updateMany({ where: { ownerId, isDefault: true, id: { not: id } }, data: { isDefault: false } });
  await tx.agreement.update({ where: { id }, data: { isDefault: true } });
}

async function presentById(tx: Tx, id: string) {
  return present(await tx.agreement.findUniqueOrThrow({ where: { id }, include: withCurrent }));
}

export async function createAgreement(ownerId: string, request: AgreementRequest): Promise<AgreementSummary> {
  const input = agreementSchema.parse(request);
  return db.$transaction(async (tx) => {
    const created = await tx.agreement.create({
      data: { ownerId, title: input.title, versions: { create: { version: 1, title: input.title, body: input.body } } },
    });
    if (input.isDefault) await makeDefault(tx, ownerId, created.id);
    return presentById(tx, created.id);
  });
}

/** Locks the owner's live agreement row for the rest of the transaction; false when there is none. */
async function lockAgreement(tx: Tx, ownerId: string, id: string, mode: "UPDATE" | "SHARE") {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Agreement" WHERE "id" = ${id} AND "ownerId" = ${ownerId} AND "deletedAt" IS NULL
    FOR ${Prisma.raw(mode)}`;
  return rows.length === 1;
}

export async function updateAgreement(ownerId: string, id: string, request: AgreementRequest): Promise<AgreementSummary> {
  await ownedAgreementOr404(ownerId, id, { select: { id: true } });
  const input = agreementSchema.parse(request);
  return db.$transaction(async (tx) => {
    if (!(await lockAgreement(tx, ownerId, id, "UPDATE"))) throw new NotFoundError(AGREEMENT_NOT_FOUND);
    const current = await tx.agreementVersion.findFirstOrThrow({ where: { agreementId: id }, orderBy: { version: "desc" } });
    if (current.title !== input.title || current.body !== input.body) {
      const accepted = await tx.ndaAcceptance.count({ where: { agreementId: id, agreementVersionNumber: current.version } });
      if (accepted > 0) await tx.agreementVersion.create({ data: { agreementId: id, version: current.version + 1, title: input.title, body: input.body } });
      else await tx.agreementVersion.update({ where: { id: current.id }, data: { title: input.title, body: input.body } });
    }
    await tx.agreement.update({ where: { id }, data: { title: input.title, updatedAt: new Date(), ...(input.isDefault === false ? { isDefault: false } : {}) } });
    if (input.isDefault) await makeDefault(tx, ownerId, id);
    return presentById(tx, id);
  });
}

/**
 * 409 while a link that is not revoked shows it. Otherwise: soft-deleted when revoked links or acceptances still name
 * it (their evidence keeps its title and text), deleted outright when nothing does.
 */
export async function deleteAgreement(ownerId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    if (!(await lockAgreement(tx, ownerId, id, "UPDATE"))) throw new NotFoundError(AGREEMENT_NOT_FOUND);
    if ((await tx.share.count({ where: { agreementId: id, revokedAt: null } })) > 0) throw new ConflictError(AGREEMENT_IN_USE);
    const [links, acceptances] = await Promise.all([tx.share.count({ where: { agreementId: id } }), tx.ndaAcceptance.count({ where: { agreementId: id } })]);
    if (links + acceptances > 0) await tx.agreement.update({ where: { id }, data: { deletedAt: new Date(), isDefault: false } });
    else await tx.agreement.delete({ where: { id } });
  });
}

/** A 400 on the share's `agreementId` field, in the shape of the schema's own issues. */
function notYours(id: unknown) {
  return new z.ZodError([{ code: "custom", path: ["agreementId"], message: AGREEMENT_NOT_YOURS, input: id }]);
}

/**
 * The agreement a link creation or change names, checked and locked (FOR SHARE: a concurrent delete waits for the link
 * to be written, then sees it) inside the caller's transaction. `undefined`: the account's default (creation only),
 * null: the standard agreement. Another owner's, a deleted or an unknown id: 400 on `agreementId`.
 */
export async function resolveLinkAgreement(tx: Tx, ownerId: string, requested: string | null | undefined): Promise<string | null> {
  if (requested === null) return null;
  if (requested === undefined) {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Agreement" WHERE "ownerId" = ${ownerId} AND "isDefault" AND "deletedAt" IS NULL LIMIT 1 FOR SHARE`;
    return rows[0]?.id ?? null;
  }
  if (!(await lockAgreement(tx, ownerId, requested, "SHARE"))) throw notYours(requested);
  return requested;
}
