import * as z from "zod";
import { recipientRoute } from "@/lib/features/api/routes";
import { commentAuthor, listComments, postComment } from "@/lib/domain/comments";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseOptionalIdeaId } from "@/lib/domain/ideas/id";
import { commentSchema } from "@/lib/domain/validation/sharing";

const query = z.object({ ideaId: z.string().optional(), token: z.string().optional() });

// GET /api/comments?ideaId=&token= — the owner: every comment on the idea, each naming the room it came through; a
// recipient: those made through its link (token: the access link the viewer shows) on that idea, for a room link the
// item ideaId names (required; an item not in the room 404)
export const GET = recipientRoute({
  query,
  handler: async ({ query, secrets, signedInUser }) => {
    const ideaId = parseOptionalIdeaId(query.ideaId);
    const user = ideaId != null ? await signedInUser() : null;
    return Response.json(await listComments({ ideaId, token: query.token ?? null, userId: user?.id ?? null, secrets }));
  },
});

// POST /api/comments?token=&ideaId= — a recipient's comment on the link it views, stored under its own name; for a room
// link on the item ideaId names (required; an item not in the room 404), for an idea link ideaId may only name its idea
export const POST = recipientRoute({
  query,
  body: commentSchema,
  // The commenter's limit is keyed on the recipient the comment gate finds; a refused commenter uses none of it.
  load: ({ body, query, secrets }) => commentAuthor(body, secrets, query.token ?? null, parseOptionalIdeaId(query.ideaId)),
  rateLimitChecked: ({ loaded, client }) => rateLimits.comment(loaded.recipient.id, client.ip),
  handler: async ({ loaded, client }) => Response.json(await postComment(loaded, client), { status: 201 }),
});
