"use client";

import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquareReply } from "lucide-react";
import { toast } from "@/client/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { LocalTime } from "@/components/ui/local-time";
import { commentThreads, type CommentThread } from "@/client/comment-threads";
import { anchorLabel } from "@/client/comment-format";
import { queryKeys, refetchUnlessFresh } from "@/client/query-client";
import { apiRequest, errorMessage } from "@/client/request";
import { useApiMutation } from "@/client/mutation";
import type { Comment } from "@/client/types";
import { COMMENT_MAX_CHARS } from "@/lib/domain/validation/sharing-limits";
import { LoadError, LoadingLine } from "@/components/ui/load-state";

export const REPLY_FAILED = "Failed to send the reply. Please try again.";
/** Newest threads first; older ones on demand. */
export const THREADS_SHOWN = 20;

/** `room`: the thread came through a room link, whose name it shows beside the recipient's. */
function CommentBody({ comment, room = null }: { comment: Comment; room?: Comment["room"] }) {
  const owner = comment.authorRole === "owner";
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <span className="font-medium break-words">{comment.author}</span>
        {owner ? <Badge variant="secondary">Owner</Badge> : null}
        <LocalTime value={comment.createdAt} className="text-muted-foreground text-xs" />
        {room ? <span className="text-muted-foreground text-xs break-words">through the room “{room.name}”</span> : null}
        {comment.anchor ? <Badge variant="outline">{anchorLabel(comment.anchor)}</Badge> : null}
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
    </div>
  );
}

function ReplyForm({ ideaId, comment, onDone }: { ideaId: number; comment: Comment; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const reply = useApiMutation((content: string) => apiRequest<Comment>("POST", `/api/comments/${encodeURIComponent(comment.id)}/replies`, { content }));

  const send = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      await reply.mutateAsync(content);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.comments(ideaId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity(ideaId) }),
      ]);
      toast.success("Reply sent.");
      setText("");
      onDone();
    } catch (err) {
      toast.error("Error", { description: errorMessage(err, REPLY_FAILED) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={send} className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        Reply to {comment.author}
      </label>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={COMMENT_MAX_CHARS}
        rows={2}
        placeholder={`Reply to ${comment.author}...`}
        autoFocus
        onKeyDown={(e) => {
          if (e.key === "Escape") onDone();
        }}
      />
      <div className="flex items-center justify-end gap-2">
        <span className="text-muted-foreground mr-auto text-xs">
          {text.length}/{COMMENT_MAX_CHARS}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={onDone} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!text.trim() || sending}>
          {sending ? <Spinner label="Sending reply..." /> : null}
          Send reply
        </Button>
      </div>
    </form>
  );
}

function ThreadItem({ ideaId, thread }: { ideaId: number; thread: CommentThread }) {
  const [replying, setReplying] = useState(false);
  const { comment, replies } = thread;
  return (
    <li data-comment-id={comment.id} className="space-y-2 rounded-lg border p-3">
      <CommentBody comment={comment} room={comment.room} />
      {replies.length > 0 ? (
        <ul aria-label={`Replies to ${comment.author}`} className="space-y-2 border-l-2 pl-3">
          {replies.map((r) => (
            <li key={r.id} data-comment-id={r.id}>
              <CommentBody comment={r} />
            </li>
          ))}
        </ul>
      ) : null}
      {replying ? (
        <ReplyForm ideaId={ideaId} comment={comment} onDone={() => setReplying(false)} />
      ) : (
        <Button type="button" variant="outline" size="sm" onClick={() => setReplying(true)} aria-label={`Reply to ${comment.author}`}>
          <MessageSquareReply aria-hidden="true" />
          Reply
        </Button>
      )}
    </li>
  );
}

/**
 * 'Comments' on the share screen: every recipient's comment with the owner's replies, and a reply box for each; a
 * comment made through a room link names the room.
 */
export function OwnerComments({ ideaId }: { ideaId: number }) {
  const headingId = useId();
  const listId = useId();
  const [all, setAll] = useState(false);
  const comments = useQuery<Comment[]>({ queryKey: queryKeys.comments(ideaId), refetchOnMount: refetchUnlessFresh });
  const threads = comments.data ? commentThreads(comments.data).reverse() : [];
  const shown = all ? threads : threads.slice(0, THREADS_SHOWN);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Comments
      </h2>
      {comments.isPending ? (
        <LoadingLine label="Loading comments..." />
      ) : comments.isError ? (
        <LoadError onRetry={() => void comments.refetch()}>Could not load the comments. Please try again.</LoadError>
      ) : threads.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">No comments yet.</p>
      ) : (
        <>
          <ul id={listId} aria-labelledby={headingId} className="space-y-3">
            {shown.map((t) => (
              <ThreadItem key={t.comment.id} ideaId={ideaId} thread={t} />
            ))}
          </ul>
          {threads.length > THREADS_SHOWN ? (
            <Button type="button" variant="outline" size="sm" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
              {all ? `Show the newest ${THREADS_SHOWN} comments` : `Show all ${threads.length} comments`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
