import { privateRoute } from "@/lib/api/handler";
import { NotFoundError } from "@/lib/api/errors";

/**
 * GET /api/share/{token}/timestamp/file — gone for everyone (issue 16 §4): the stamped file is the unmarked idea, so it
 * is the owner's alone (GET /api/ideas/{id}/timestamp/file). Recipients keep the digest, the .ots and their certificate.
 */
export const GET = privateRoute(async () => {
  throw new NotFoundError("The stamped file is available to the idea's owner only.");
});
