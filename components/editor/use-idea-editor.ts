"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";

import { DEFAULT_IDEA_TEMPLATE } from "@/lib/ideas/default-template";
import { queryKeys } from "@/lib/client/query-client";
import { isApiError, withLimitMessage } from "@/lib/client/request";
import type { Idea } from "@/lib/client/types";
import { asPdfContent, createIdea, editorHtmlFor, publishIdea, updateIdea } from "@/components/editor/idea-api";
import { useUnsavedChangesWarning } from "@/components/editor/use-unsaved-changes-warning";

export const DEFAULT_IDEA_TITLE = "My New Idea";

type LoadState = "loading" | "ready" | "not-found" | "error";
type Pending = "save" | "publish" | null;

function showError(description: string): void {
  toast.error("Error", { description });
}

/** The cache keeps the saved idea (never stale, SPEC §7); the portfolio lists reload when next shown. */
function remember(queryClient: QueryClient, idea: Idea) {
  queryClient.setQueryData(queryKeys.idea(idea.id), idea);
  void queryClient.invalidateQueries({ queryKey: queryKeys.ideas });
  void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
}

/** State and actions of the editor screen. `ideaId` null means a new idea. */
export function useIdeaEditor(ideaId: number | null) {
  const router = useRouter();
  const queryClient = useQueryClient();
  // GET /api/ideas/{id}; a new idea loads nothing.
  const query = useQuery<Idea>({ queryKey: queryKeys.idea(ideaId ?? 0), enabled: ideaId !== null });
  const loaded = ideaId === null ? undefined : query.data;

  const [syncedId, setSyncedId] = React.useState<number | null>(loaded?.id ?? null);
  const [title, setTitleState] = React.useState(loaded?.title ?? DEFAULT_IDEA_TITLE);
  const [html, setHtml] = React.useState(() => (loaded ? editorHtmlFor(loaded.content, DEFAULT_IDEA_TEMPLATE) : DEFAULT_IDEA_TEMPLATE));
  const [dirty, setDirty] = React.useState(false);
  const [pending, setPending] = React.useState<Pending>(null);

  // The fields start from the idea once it has loaded; later cache updates (after a save) leave the edits alone.
  if (loaded && loaded.id !== syncedId) {
    setSyncedId(loaded.id);
    setTitleState(loaded.title);
    setHtml(editorHtmlFor(loaded.content, DEFAULT_IDEA_TEMPLATE));
    setDirty(false);
  }

  useUnsavedChangesWarning(dirty);

  const unauthorized = isApiError(query.error, 401);
  React.useEffect(() => {
    if (unauthorized) router.replace("/login");
  }, [unauthorized, router]);

  let loadState: LoadState = "loading";
  if (ideaId === null || loaded) loadState = "ready";
  else if (query.isError && !query.isFetching && !unauthorized) loadState = isApiError(query.error, 404) ? "not-found" : "error";

  const { refetch } = query;
  const retry = React.useCallback(() => void refetch(), [refetch]);
  const idea = loaded ?? null;

  const setTitle = React.useCallback((value: string) => {
    setTitleState(value);
    setDirty(true);
  }, []);

  const setContent = React.useCallback((value: string) => {
    setHtml(value);
    setDirty(true);
  }, []);

  const pdf = idea ? asPdfContent(idea.content) : null;
  const published = idea?.status === "published";

  const save = async () => {
    const trimmed = title.trim();
    if (!trimmed) {
      showError("Please enter a title for your idea");
      return;
    }
    if (pending || published) return;
    setPending("save");

    if (!idea) {
      let created: Idea;
      try {
        created = await createIdea(trimmed, html);
      } catch (err) {
        setPending(null);
        showError(withLimitMessage("Failed to create idea", err));
        return;
      }
      remember(queryClient, created);
      setDirty(false);
      toast.success("Idea created successfully");
      router.push(`/editor/${created.id}`);
      return; // stays pending while the new route loads
    }

    // A PDF idea resends its stored content unchanged.
    let updated: Idea;
    try {
      updated = await updateIdea(idea.id, trimmed, pdf ? idea.content : html);
    } catch (err) {
      setPending(null);
      showError(withLimitMessage("Failed to update idea", err));
      return;
    }
    setPending(null);
    remember(queryClient, updated);
    setTitleState(updated.title);
    setDirty(false);
    toast.success("Idea updated successfully");
  };

  const publish = async () => {
    if (!idea || dirty) {
      toast.info("Please save your idea first before publishing");
      return;
    }
    if (pending || published) return;
    setPending("publish");
    let result: Idea;
    try {
      result = await publishIdea(idea.id);
    } catch (err) {
      setPending(null);
      showError(withLimitMessage("Failed to publish idea", err));
      return;
    }
    setPending(null);
    remember(queryClient, result);
    toast.success("Idea published successfully");
  };

  return { loadState, idea, title, setTitle, html, setContent, pdf, published, pending, save, publish, retry };
}
