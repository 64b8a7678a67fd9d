"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/lib/client/toast";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";

import { DEFAULT_IDEA_TEMPLATE, ideaTemplate } from "@/lib/ideas/default-template";
import { queryKeys } from "@/lib/client/query-client";
import { isApiError, withLimitMessage } from "@/lib/client/request";
import type { Idea } from "@/lib/client/types";
import { asPdfContent, createIdea, editorHtmlFor, publishIdea, updateIdea } from "@/components/editor/idea-api";

export const DEFAULT_IDEA_TITLE = "My New Idea";
export const BLANK_TITLE_MESSAGE = "Please enter a title for your idea";

type Pending = "save" | "publish" | null;
/** What the server holds: the fields compare against it to tell whether something changed. */
type Saved = { title: string; html: string };

function showError(description: string): void {
  toast.error("Error", { description });
}

/**
 * The saved idea goes into the cache at once, then the spec's GET /api/ideas/{id} refreshes it; the portfolio
 * lists reload when next shown. Returns the refreshed idea, or the saved one when the refresh fails.
 */
async function remember(queryClient: QueryClient, idea: Idea): Promise<Idea> {
  queryClient.setQueryData(queryKeys.idea(idea.id), idea);
  void queryClient.invalidateQueries({ queryKey: queryKeys.ideas });
  void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
  try {
    return await queryClient.fetchQuery<Idea>({ queryKey: queryKeys.idea(idea.id), staleTime: 0 });
  } catch {
    return idea;
  }
}

/**
 * The server page's idea, unless the cache holds a later save: Back/Forward restore the page as it was first
 * rendered, before the edits saved since.
 */
function freshest(queryClient: QueryClient, idea: Idea | null): Idea | null {
  if (!idea) return null;
  const cached = queryClient.getQueryData<Idea>(queryKeys.idea(idea.id));
  return cached && Date.parse(cached.lastModified) > Date.parse(idea.lastModified) ? cached : idea;
}

/**
 * State and actions of the editor screen. `initialIdea` is what the server page loaded (owner-checked), or null
 * for /editor/new, which starts from the template whose first heading is the default title.
 */
export function useIdeaEditor(initialIdea: Idea | null) {
  const router = useRouter();
  const queryClient = useQueryClient();

  const [idea, setIdea] = React.useState<Idea | null>(() => freshest(queryClient, initialIdea));
  const [saved, setSaved] = React.useState<Saved>(() => ({
    title: idea?.title ?? DEFAULT_IDEA_TITLE,
    html: idea ? editorHtmlFor(idea.content, DEFAULT_IDEA_TEMPLATE) : ideaTemplate(DEFAULT_IDEA_TITLE),
  }));
  const [title, setTitleState] = React.useState(saved.title);
  const [html, setHtml] = React.useState(saved.html);
  const [titleError, setTitleError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState<Pending>(null);
  const titleInput = React.useRef<HTMLInputElement>(null);

  const pdf = idea ? asPdfContent(idea.content) : null;
  const published = idea?.status === "published";
  const isNew = idea === null;
  // A PDF idea has nothing editable (its title field is hidden); a published one is read-only.
  const dirty = !pdf && !published && (title !== saved.title || html !== saved.html);
  const canSave = !pdf && !published && (isNew || dirty);

  const setTitle = React.useCallback((value: string) => {
    setTitleState(value);
    setTitleError(null);
  }, []);

  /** The editor reports its own serialisation once it has parsed the stored HTML: that is the saved state. */
  const setInitialContent = React.useCallback((value: string) => {
    setSaved((current) => (current.html === value ? current : { ...current, html: value }));
    setHtml(value);
  }, []);

  const unauthorized = (err: unknown) => {
    if (!isApiError(err, 401)) return false;
    router.replace("/login");
    return true;
  };

  const save = async () => {
    const trimmed = title.trim();
    if (!trimmed) {
      setTitleError(BLANK_TITLE_MESSAGE);
      showError(BLANK_TITLE_MESSAGE);
      titleInput.current?.focus();
      return;
    }
    if (pending || !canSave) return;
    setPending("save");

    if (!idea) {
      let created: Idea;
      try {
        created = await createIdea(trimmed, html);
      } catch (err) {
        setPending(null);
        if (!unauthorized(err)) showError(withLimitMessage("Failed to create idea", err));
        return;
      }
      queryClient.setQueryData(queryKeys.idea(created.id), created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.ideas });
      setSaved({ title: trimmed, html });
      setTitleState(trimmed);
      toast.success("Idea created successfully");
      // Replace: Back from the new idea should not open an empty /editor/new again.
      router.replace(`/editor/${created.id}`);
      return; // stays pending while the new route loads
    }

    let updated: Idea;
    try {
      updated = await updateIdea(idea.id, trimmed, html);
    } catch (err) {
      setPending(null);
      if (!unauthorized(err)) showError(withLimitMessage("Failed to update idea", err));
      return;
    }
    // What was sent is what is saved; edits typed while the request ran stay unsaved.
    setSaved({ title: updated.title, html });
    setTitleState((current) => (current === title ? updated.title : current)); // trimmed, unless edited since
    toast.success("Idea updated successfully");
    setIdea(await remember(queryClient, updated));
    setPending(null);
  };

  /** False when publishing cannot start (spec §4: an unsaved idea is refused with an info message). */
  const canPublish = () => {
    if (!idea || dirty) {
      toast.info("Please save your idea first before publishing");
      return false;
    }
    return !pending && !published;
  };

  /** Resolves true once published. */
  const publish = async () => {
    if (!idea || dirty || pending || published) return false;
    setPending("publish");
    let result: Idea;
    try {
      result = await publishIdea(idea.id);
    } catch (err) {
      setPending(null);
      if (!unauthorized(err)) showError(withLimitMessage("Failed to publish idea", err));
      return false;
    }
    toast.success("Idea published successfully");
    setIdea(result);
    setIdea(await remember(queryClient, result));
    setPending(null);
    return true;
  };

  return {
    idea, title, setTitle, titleError, titleInput, html, setContent: setHtml, setInitialContent,
    pdf, published, isNew, dirty, canSave, pending, save, canPublish, publish,
  };
}
