import { ownerRoute } from "@/lib/api/routes";
import { downloadResponse } from "@/lib/http/download";
import { getIdeaStampedFile } from "@/lib/timestamps";
import { ideaIdParam } from "@/lib/ideas/id";

// GET /api/ideas/{id}/timestamp/file — the exact bytes the idea's proof commits to (export, PDF or JSON)
export const GET = ownerRoute({
  params: { id: ideaIdParam },
  handler: async ({ user, params }) => {
    const file = await getIdeaStampedFile(user.id, params.id);
    return downloadResponse(file.bytes, file.fileName, file.contentType);
  },
});
