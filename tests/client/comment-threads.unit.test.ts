import { commentThreads } from "@/client/comment-threads";
import type { Comment } from "@/client/types";

const c = (id: string, parentId: string | null = null): Comment => ({
  id,
  recipientId: "r",
  author: parentId ? "Owner" : "Grace",
  content: id,
  createdAt: "2026-11-23T10:00:00.000Z",
  authorRole: parentId ? "owner" : "recipient",
  parentId,
  room: null,
  anchor: null,
});

describe("commentThreads", () => {
  it("puts replies under their comment, keeping the given order", () => {
    const threads = commentThreads([c("a"), c("b"), c("a1", "a"), c("b1", "b"), c("a2", "a")]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ["a", ["a1", "a2"]],
      ["b", ["b1"]],
    ]);
  });

  it("keeps a reply whose comment is missing as a thread of its own", () => {
    expect(commentThreads([c("x1", "gone")]).map((t) => t.comment.id)).toEqual(["x1"]);
  });
});
