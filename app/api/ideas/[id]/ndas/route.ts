import { ownerRoute } from "@/lib/features/api/routes";
import { listIdeaNdas } from "@/lib/domain/evidence/proofs";
import { ideaIdParam } from "@/lib/domain/ideas/id";

// GET /api/ideas/{id}/ndas — the owner's NDA acceptance records of the idea (its own links', and a room's whose agreement listed it, naming the room), each with its timestamp state
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => Response.json(await listIdeaNdas(user.id, params.id)),
});
