import type { Comment } from "@/client/types";

export type CommentThread = { comment: Comment; replies: Comment[] };

/**
 * Comments grouped into threads: each first comment with the owner's replies under it, both in the order given
 * (the API answers oldest first). A reply whose comment is not in the list stands on its own. Pure, client-safe.
 */
export function commentThreads(comments: readonly Comment[]): CommentThread[] {
  const threads: CommentThread[] = [];
  const byId = new Map<string, CommentThread>();
  for (const c of comments) {
    if (!c.parentId) {
      const thread = { comment: c, replies: [] };
      byId.set(c.id, thread);
      threads.push(thread);
    }
  }
  for (const c of comments) {
    if (!c.parentId) continue;
    const parent = byId.get(c.parentId);
    if (parent) parent.replies.push(c);
    else threads.push({ comment: c, replies: [] });
  }
  return threads;
}
