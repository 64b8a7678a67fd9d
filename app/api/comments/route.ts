import * as z from "zod";
import { recipientRoute } from "@/lib/features/api/routes";
import { commentAuthor, listComments, postComment } from "@/lib/domain/comments";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { parseOptionalIdeaId } from "@/lib/domain/ideas/id";
import { commentSchema } from "@/lib/domain/validation/sharing";

const query = z.object({ ideaId: z.string().optional(), token: z.string().optional() });

// GET /api/comments?ideaId=&token= — the owner: every comment on the idea; a recipient: those made through its link
// token is the access link the viewer shows. The owner's each name the room they came through (room, else null). A room
// link's comments are per item: ideaId names it (required, else 400; an item not in the room is a 404).
export const GET = recipientRoute({
  query,
  handler: async ({ query, secrets, signedInUser }) => {
    const ideaId = parseOptionalIdeaId(query.ideaId);
    const user = ideaId != null ? await signedInUser() : null;
    return Response.json(await listComments({ ideaId, token: query.token ?? null, userId: user?.id ?? null, secrets }));
  },
});

// POST /api/comments?token=&ideaId= — a recipient's comment on the link it views, stored under its own name
// Through a room link it is on the item ideaId names (required, else 400; an item not in the room is a 404); through an
// idea link ideaId may be left out or name that link's idea (another idea is a 404).
export const POST = recipientRoute({
  query,
  body: commentSchema,
  // The commenter's limit is keyed on the recipient the comment gate finds; a refused commenter uses none of it.
  load: ({ body, query, secrets }) => commentAuthor(body, secrets, query.token ?? null, parseOptionalIdeaId(query.ideaId)),
  rateLimitChecked: ({ loaded, client }) => rateLimits.comment(loaded.recipient.id, client.ip),
  handler: async ({ loaded, client }) => Response.json(await postComment(loaded, client), { status: 201 }),
});
