import { privateRoute, parseJson } from "@/lib/api/handler";
import { getCurrentUser } from "@/lib/auth/session";
import { addComment, listComments } from "@/lib/comments";
import { readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { parseOptionalIdeaId } from "@/lib/ideas/id";
import { commentSchema } from "@/lib/validation/sharing";

// GET /api/comments?ideaId= — the owner: every comment on the idea; a recipient: those made through its link
export const GET = privateRoute(async (req) => {
  const ideaId = parseOptionalIdeaId(new URL(req.url).searchParams.get("ideaId"));
  const user = ideaId != null ? await getCurrentUser() : null;
  return Response.json(await listComments({ ideaId, userId: user?.id ?? null, secrets: await readRecipientSecrets() }));
});

// POST /api/comments — a recipient's comment, stored under its own name
export const POST = privateRoute(async (req) => {
  const input = await parseJson(req, commentSchema);
  return Response.json(await addComment(input, await readRecipientSecrets(), requestClient(req)), { status: 201 });
});
