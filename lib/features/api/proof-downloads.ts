import "server-only";
import { ownerRoute, recipientRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { downloadResponse } from "@/lib/platform/http/download";
import { ideaIdParam } from "@/lib/domain/ideas/id";
import { AGREEMENT_NOT_FOUND } from "@/lib/domain/agreements/owned";
import { INVALID_LINK } from "@/lib/domain/gate/link-state";
import { getIdeaOts, getIdeaTsr, getNdaOts, getNdaTsr, ideaOfAgreedRecipient } from "@/lib/domain/evidence/proofs";
import { getEvidencePackOts, getEvidencePackTsr, PACK_NOT_FOUND } from "@/lib/domain/evidence/pack";
import { ROOM_NOT_FOUND } from "@/lib/domain/validation/rooms";
import { OTS_MEDIA_TYPE } from "@/lib/domain/timestamps/ots";
import { TSR_MEDIA_TYPE } from "@/lib/domain/timestamps/rfc3161/token";

/**
 * The proof files served beside each other: wherever an OpenTimestamps `.ots` is served, the RFC 3161 token is served
 * at the same path ending `tsr`, by the same route (same caller, parameters and access rules), only the file differs.
 */
export type ProofFileKind = "ots" | "tsr";
type ProofFile = { bytes: Buffer; fileName: string };

const MEDIA_TYPES: Record<ProofFileKind, string> = { ots: OTS_MEDIA_TYPE, tsr: TSR_MEDIA_TYPE };
const send = (kind: ProofFileKind, { bytes, fileName }: ProofFile) => downloadResponse(bytes, fileName, MEDIA_TYPES[kind]);

/** GET /api/ideas/{id}/timestamp/{ots,tsr}: the owner's published idea. */
export function ideaProofRoute(kind: ProofFileKind) {
  const get = kind === "ots" ? getIdeaOts : getIdeaTsr;
  return ownerRoute({
    params: { id: ideaIdParam },
    handler: async ({ user, params }) => send(kind, await get(user.id, params.id)),
  });
}

/** GET /api/ndas/{id}/timestamp/{ots,tsr}: an acceptance record of the owner's idea. */
export function ndaProofRoute(kind: ProofFileKind) {
  const get = kind === "ots" ? getNdaOts : getNdaTsr;
  return ownerRoute({
    params: { id: recordIdParam(AGREEMENT_NOT_FOUND) },
    handler: async ({ user, params }) => send(kind, await get(user.id, params.id)),
  });
}

/** GET /api/share/{token}/timestamp/{ots,tsr}: the version a link shows, for its agreed recipient in the view window. */
export function sharedProofRoute(kind: ProofFileKind) {
  const get = kind === "ots" ? getIdeaOts : getIdeaTsr;
  return recipientRoute({
    params: { token: recordIdParam(INVALID_LINK) },
    handler: async ({ params, secrets }) => {
      const { ownerId, ideaId, version } = await ideaOfAgreedRecipient(params.token, secrets);
      return send(kind, await get(ownerId, ideaId, version));
    },
  });
}

/** GET /api/ideas/{id}/evidence/{packId}/manifest.{ots,tsr}: an evidence pack's manifest, for the idea's owner. */
export function packManifestProofRoute(kind: ProofFileKind) {
  const get = kind === "ots" ? getEvidencePackOts : getEvidencePackTsr;
  return ownerRoute({
    params: { id: ideaIdParam, packId: recordIdParam(PACK_NOT_FOUND) },
    handler: async ({ user, params }) => send(kind, await get(user.id, { ideaId: params.id }, params.packId)),
  });
}

/** GET /api/rooms/{id}/evidence/{packId}/manifest.{ots,tsr}: a room's evidence pack's manifest, for the room's owner. */
export function roomPackManifestProofRoute(kind: ProofFileKind) {
  const get = kind === "ots" ? getEvidencePackOts : getEvidencePackTsr;
  return ownerRoute({
    params: { id: recordIdParam(ROOM_NOT_FOUND), packId: recordIdParam(PACK_NOT_FOUND) },
    handler: async ({ user, params }) => send(kind, await get(user.id, { roomId: params.id }, params.packId)),
  });
}
