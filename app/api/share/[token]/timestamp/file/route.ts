import { recipientRoute } from "@/lib/features/api/routes";
import { NotFoundError } from "@/lib/platform/http/errors";

// GET /api/share/{token}/timestamp/file — gone for everyone: the stamped file is the unmarked idea, so it is the owner's
// alone (GET /api/ideas/{id}/timestamp/file). Recipients keep the digest, the .ots and their certificate.
export const GET = recipientRoute({
  handler: async () => {
    throw new NotFoundError("The stamped file is available to the idea's owner only.");
  },
});
