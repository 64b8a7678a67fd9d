"use client";

import * as React from "react";
import { PanelRightClose, Send } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiRequest } from "@/client/request";
import { anchorLabel, initials, relativeTime } from "@/client/comment-format";
import { commentThreads } from "@/client/comment-threads";
import { toast } from "@/client/toast";
import type { Comment, Recipient } from "@/client/types";
import { useReaderPosition } from "@/components/recipient/reader-position";
import { COMMENT_MAX_CHARS } from "@/lib/domain/validation/sharing-limits";

// Relative times move on while the panel is open.
const CLOCK_TICK_MS = 30_000;

function useNow() {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** One comment; the owner's replies carry an 'Owner' mark beside the owner's name. */
function CommentRow({ comment, now }: { comment: Comment; now: number }) {
  const owner = comment.authorRole === "owner";
  return (
    <div className="flex gap-3">
      <span
        aria-hidden="true"
        className={`flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full text-xs font-semibold text-white ${owner ? "bg-emerald-700" : "bg-brand"}`}
      >
        {initials(comment.author)}
      </span>
      <div className="min-w-0">
        <p className="text-sm">
          <span className="font-medium">{comment.author}</span>{" "}
          {owner ? (
            <span className="mr-1 rounded-md border border-emerald-700/40 bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">Owner</span>
          ) : null}
          <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
            {relativeTime(comment.createdAt, now)}
          </time>
          {comment.anchor ? <span className="ml-2 rounded-md bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">{anchorLabel(comment.anchor)}</span> : null}
        </p>
        <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
      </div>
    </div>
  );
}

/** `sheet`: inside the phone's bottom sheet, which carries the 'Comments' title itself. */
type CommentsPanelProps = { ideaId: number; recipient: Recipient; token: string; variant?: "panel" | "sheet"; onHide?: () => void };

/**
 * The viewer's side panel (SPEC §2, §7): GET /api/comments?ideaId= for an agreed recipient, POST /api/comments,
 * the stored comment appended, then the list fetched again. Every call names the link being viewed (`token`) and the
 * idea (`ideaId`: a room link's item): a browser may hold recipients of several links, and this panel shows and posts
 * this link's comments on this idea only. The owner's replies show under the comment they answer.
 */
export function CommentsPanel({ ideaId, recipient, token, variant = "panel", onHide }: CommentsPanelProps) {
  const [comments, setComments] = React.useState<Comment[] | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);
  const [text, setText] = React.useState("");
  const [sending, setSending] = React.useState(false);
  const now = useNow();
  const listEnd = React.useRef<HTMLLIElement>(null);
  // A document of one page or section needs no anchor.
  const position = useReaderPosition();
  const anchor = position && position.count > 1 ? position : null;

  const listUrl = `/api/comments?ideaId=${encodeURIComponent(ideaId)}&token=${encodeURIComponent(token)}`;

  React.useEffect(() => {
    let current = true;
    apiRequest<Comment[]>("GET", listUrl).then(
      (list) => current && setComments(list),
      (err: unknown) => {
        console.error("Loading comments failed", err);
        if (current) setLoadFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [listUrl]);

  React.useEffect(() => {
    listEnd.current?.scrollIntoView({ block: "nearest" });
  }, [comments?.length]);

  const send = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const stored = await apiRequest<Comment>("POST", listUrl, {
        recipientId: recipient.id,
        author: recipient.name,
        content,
        ...(anchor ? { page: anchor.n } : {}),
      });
      setComments((list) => [...(list ?? []), stored]);
      setText("");
    } catch {
      toast.error("Error", { description: "Failed to add comment. Please try again." });
      setSending(false);
      return;
    }
    setSending(false);
    try {
      setComments(await apiRequest<Comment[]>("GET", listUrl));
    } catch (err) {
      // The appended comment stays; the list catches up on the next visit.
      console.error("Refreshing comments failed", err);
    }
  };

  const blank = text.trim().length === 0;

  const body = (
    <>
      <div className="min-h-40 flex-1 overflow-y-auto px-4 py-3">
        {comments === null && !loadFailed ? (
          <Spinner label="Loading comments..." className="w-full py-6" />
        ) : loadFailed ? (
          <p className="text-sm text-muted-foreground">Comments could not be loaded.</p>
        ) : comments!.length === 0 ? (
          <p className="text-sm text-muted-foreground">No comments yet. Be the first to comment.</p>
        ) : (
          <ul aria-label="Comment list" className="grid gap-4">
            {commentThreads(comments!).map(({ comment, replies }) => (
              <li key={comment.id} data-testid="comment" className="grid gap-3">
                <CommentRow comment={comment} now={now} />
                {replies.length > 0 ? (
                  <ul aria-label={`Replies to ${comment.author}`} className="ml-4 grid gap-3 border-l-2 pl-3">
                    {replies.map((r) => (
                      <li key={r.id} data-testid="comment-reply">
                        <CommentRow comment={r} now={now} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
            <li ref={listEnd} aria-hidden="true" />
          </ul>
        )}
      </div>
      <form onSubmit={send} className="grid gap-2 border-t p-4">
        <label htmlFor="comment-input" className="sr-only">
          Add a comment
        </label>
        <textarea
          id="comment-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={COMMENT_MAX_CHARS}
          rows={3}
          placeholder="Add a comment..."
          aria-describedby="comment-count"
          className="w-full resize-none rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        <div className="flex items-center justify-between gap-2">
          <span id="comment-count" className="text-xs text-muted-foreground">
            {text.length}/{COMMENT_MAX_CHARS}
            {anchor ? <span data-testid="comment-anchor"> · on {anchorLabel(anchor).toLowerCase()}</span> : null}
          </span>
          <Button type="submit" size="sm" disabled={blank || sending}>
            <Send aria-hidden="true" />
            Send
          </Button>
        </div>
      </form>
    </>
  );
  if (variant === "sheet") return <div className="flex min-h-0 flex-1 flex-col">{body}</div>;
  return (
    <aside aria-labelledby="comments-title" className="flex max-h-[calc(100dvh-8rem)] flex-col rounded-lg border bg-background">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 id="comments-title" className="py-1 font-semibold">
          Comments
        </h2>
        {onHide ? (
          <Button type="button" variant="ghost" size="icon" className="size-9" aria-label="Hide comments" onClick={onHide}>
            <PanelRightClose aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {body}
    </aside>
  );
}
