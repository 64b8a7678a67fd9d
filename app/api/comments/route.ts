import { privateRoute, parseJson } from "@/lib/api/handler";
import { getCurrentUser } from "@/lib/auth/session";
import { addComment, listComments } from "@/lib/comments";
import { readRecipientSecrets, requestClient } from "@/lib/recipients/cookies";
import { parseOptionalIdeaId } from "@/lib/ideas/id";
import { commentSchema } from "@/lib/validation/sharing";

// GET /api/comments?ideaId=&token= — the owner: every comment on the idea; a recipient: those made through its
// link (token: the access link the viewer shows)
export const GET = privateRoute(async (req) => {
  const params = new URL(req.url).searchParams;
  const ideaId = parseOptionalIdeaId(params.get("ideaId"));
  const user = ideaId != null ? await getCurrentUser() : null;
  return Response.json(await listComments({ ideaId, token: params.get("token"), userId: user?.id ?? null, secrets: await readRecipientSecrets() }));
});

// POST /api/comments?token= — a recipient's comment on the link it views, stored under its own name
export const POST = privateRoute(async (req) => {
  const input = await parseJson(req, commentSchema);
  const token = new URL(req.url).searchParams.get("token");
  return Response.json(await addComment(input, await readRecipientSecrets(), requestClient(req), token), { status: 201 });
});
