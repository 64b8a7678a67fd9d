import { ownerRoute } from "@/lib/features/api/routes";
import { downloadResponse } from "@/lib/platform/http/download";
import { getIdeaStampedFile } from "@/lib/domain/evidence/proofs";
import { ideaIdParam } from "@/lib/domain/ideas/id";

// GET /api/ideas/{id}/timestamp/file — the exact bytes the idea's proof commits to (export, PDF or JSON)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => {
    const file = await getIdeaStampedFile(user.id, params.id);
    return downloadResponse(file.bytes, file.fileName, file.contentType);
  },
});
