"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { DEFAULT_IDEA_TEMPLATE } from "@/lib/ideas/default-template";
import {
  asPdfContent, createIdea, editorHtmlFor, fetchIdea, publishIdea, updateIdea, type Idea,
} from "@/components/editor/idea-api";
import { useUnsavedChangesWarning } from "@/components/editor/use-unsaved-changes-warning";

export const DEFAULT_IDEA_TITLE = "My New Idea";

type LoadState = "loading" | "ready" | "not-found" | "error";
type Pending = "save" | "publish" | null;

function showError(description: string): void {
  toast.error("Error", { description });
}

/** State and actions of the editor screen. `ideaId` null means a new idea. */
export function useIdeaEditor(ideaId: number | null) {
  const router = useRouter();
  const [loadState, setLoadState] = React.useState<LoadState>(ideaId === null ? "ready" : "loading");
  const [idea, setIdea] = React.useState<Idea | null>(null);
  const [title, setTitleState] = React.useState(DEFAULT_IDEA_TITLE);
  const [html, setHtml] = React.useState(DEFAULT_IDEA_TEMPLATE);
  const [dirty, setDirty] = React.useState(false);
  const [pending, setPending] = React.useState<Pending>(null);
  const [reloadKey, setReloadKey] = React.useState(0);

  useUnsavedChangesWarning(dirty);

  React.useEffect(() => {
    if (ideaId === null) return;
    let cancelled = false;
    fetchIdea(ideaId).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        setIdea(result.data);
        setTitleState(result.data.title);
        setHtml(editorHtmlFor(result.data.content, DEFAULT_IDEA_TEMPLATE));
        setDirty(false);
        setLoadState("ready");
      } else if (result.status === 401) {
        router.replace("/login");
      } else {
        setLoadState(result.status === 404 ? "not-found" : "error");
      }
    });
    return () => {
      cancelled = true;
    };
  }, [ideaId, reloadKey, router]);

  const retry = React.useCallback(() => {
    setLoadState("loading");
    setReloadKey((key) => key + 1);
  }, []);

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
      const result = await createIdea(trimmed, html);
      if (!result.ok) {
        setPending(null);
        showError("Failed to create idea");
        return;
      }
      setDirty(false);
      toast.success("Idea created successfully");
      router.push(`/editor/${result.data.id}`);
      return; // stays pending while the new route loads
    }

    // A PDF idea resends its stored content unchanged.
    const result = await updateIdea(idea.id, trimmed, pdf ? idea.content : html);
    setPending(null);
    if (!result.ok) {
      showError("Failed to update idea");
      return;
    }
    setIdea(result.data);
    setTitleState(result.data.title);
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
    const result = await publishIdea(idea.id);
    setPending(null);
    if (!result.ok) {
      showError("Failed to publish idea");
      return;
    }
    setIdea(result.data);
    toast.success("Idea published successfully");
  };

  return { loadState, idea, title, setTitle, html, setContent, pdf, published, pending, save, publish, retry };
}
