import * as z from "zod";
import { recipientRoute } from "@/lib/features/api/routes";
import { addComment, listComments } from "@/lib/domain/comments";
import { parseOptionalIdeaId } from "@/lib/domain/ideas/id";
import { commentSchema } from "@/lib/domain/validation/sharing";

const query = z.object({ ideaId: z.string().optional(), token: z.string().optional() });

// GET /api/comments?ideaId=&token= — the owner: every comment on the idea; a recipient: those made through its
// link (token: the access link the viewer shows)
export const GET = recipientRoute({
  query,
  handler: async ({ query, secrets, signedInUser }) => {
    const ideaId = parseOptionalIdeaId(query.ideaId);
    const user = ideaId != null ? await signedInUser() : null;
    return Response.json(await listComments({ ideaId, token: query.token ?? null, userId: user?.id ?? null, secrets }));
  },
});

// POST /api/comments?token= — a recipient's comment on the link it views, stored under its own name
export const POST = recipientRoute({
  query: query.pick({ token: true }),
  body: commentSchema,
  handler: async ({ body, query, secrets, client }) => Response.json(await addComment(body, secrets, client, query.token ?? null), { status: 201 }),
});
