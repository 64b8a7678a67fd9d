"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/client/toast";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";

import { DEFAULT_IDEA_TEMPLATE, ideaTemplate } from "@/lib/domain/ideas/default-template";
import { queryKeys } from "@/client/query-client";
import { isApiError, withLimitMessage } from "@/client/request";
import type { Idea } from "@/client/types";
import { asPdfContent, createIdea, editorHtmlFor, publishIdea, updateIdea } from "@/components/editor/idea-api";
import { useApiMutation } from "@/client/mutation";

export const DEFAULT_IDEA_TITLE = "My New Idea";
export const BLANK_TITLE_MESSAGE = "Please enter a title for your idea";

type Pending = "save" | "publish" | "title" | null;

/** Autosave waits this long after the last change; leaving the page or the editor saves at once. */
export const AUTOSAVE_DELAY_MS = 1500;
/**
 * And at most one timed autosave every 8 s: the server allows 120 idea writes per 10 minutes (ideaWrites in
 * lib/platform/rate-limit/policies.ts), so steady writing with short pauses stays well inside it, with room for the rest.
 */
export const AUTOSAVE_MIN_INTERVAL_MS = 8000;

/**
 * What autosave last did, for the status line beside the title. `refused`: the server said no (its own words, e.g.
 * a 413 over the quota or a 409 once published elsewhere); `failed`: no answer although online (retried on the
 * next change or 'Save Changes').
 */
export type AutosaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "offline" }
  | { kind: "refused"; message: string }
  | { kind: "failed" };

/**
 * E2E specs that look at the manual save path (unsaved state, the leave guard, 'Save Changes' and its toast) turn
 * autosave off for their page with `window.__ideavaultAutosaveOff = true` (an init script); nothing else sets it.
 */
function autosaveDisabledForTests(): boolean {
  return (window as { __ideavaultAutosaveOff?: boolean }).__ideavaultAutosaveOff === true;
}

/** The words to show when the server refused a save: its own message when it sent one. */
function refusalMessage(err: unknown): string {
  if (!isApiError(err)) return "Could not reach the server";
  if (err.status === 401) return "Your session has ended. Sign in again to save.";
  return (err.status < 500 ? err.serverMessage : null) ?? `The server could not save it (${err.status})`;
}
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
  // The screen's writes (client/mutation.ts); each call site keeps its own outcome handling.
  const createWrite = useApiMutation(({ title, content }: { title: string; content: string }) => createIdea(title, content)).mutateAsync;
  const updateWrite = useApiMutation(({ id, title, content, leaving }: { id: number; title: string; content: unknown; leaving?: boolean }) =>
    updateIdea(id, title, content, { leaving }),
  ).mutateAsync;
  const publishWrite = useApiMutation((id: number) => publishIdea(id)).mutateAsync;

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
  // A PDF idea's only editable field is its title, saved on its own (saveTitle); a published one is read-only.
  const dirty = !pdf && !published && (title !== saved.title || html !== saved.html);
  const canSave = !pdf && !published && (isNew || dirty);
  // Only an existing draft saves itself: creating an idea stays an explicit 'Create Idea', publishing stays explicit.
  const autosaves = idea !== null && !pdf && !published;

  const [autosave, setAutosave] = React.useState<AutosaveState>({ kind: "idle" });
  // The latest values for timers and window events, which outlive the render that set them up.
  const latest = React.useRef({ idea, title, html, saved, autosaves });
  React.useEffect(() => {
    latest.current = { idea, title, html, saved, autosaves };
  });
  // One write at a time: an autosave due while another write runs goes after it.
  const inFlight = React.useRef<Promise<unknown> | null>(null);
  const again = React.useRef(false);
  // The text the server refused: not sent again until it changes (a 413 would only be refused again).
  const refused = React.useRef<{ title: string; html: string } | null>(null);
  const [retry, setRetry] = React.useState(0);
  const lastAutosaveAt = React.useRef(0);

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

  /** Keeps the saved idea in the cache without the GET refresh a manual save does (autosave runs often). */
  const rememberQuietly = React.useCallback(
    (updated: Idea) => {
      queryClient.setQueryData(queryKeys.idea(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.ideas });
    },
    [queryClient],
  );

  /**
   * Saves the draft now if it has unsaved edits; no toast (the status line is the feedback). `leaving`: the tab is
   * being hidden or closed, so the request must outlive the page (keepalive).
   */
  const autosaveNow = React.useCallback((leaving = false) => {
    const { idea: current, title: sentTitle, html: sentHtml, saved: was, autosaves: on } = latest.current;
    if (!on || !current || autosaveDisabledForTests()) return;
    if (sentTitle === was.title && sentHtml === was.html) return;
    if (refused.current && refused.current.title === sentTitle && refused.current.html === sentHtml) return;
    // A save under way goes first; but one the page is leaving is cancelled with the page unless it was sent as
    // keepalive, so the latest edit goes now as one that outlives it (the same full content: whichever arrives last
    // holds the newest).
    if (inFlight.current && !leaving) {
      again.current = true;
      return;
    }
    const trimmed = sentTitle.trim();
    if (!trimmed) {
      setAutosave({ kind: "refused", message: BLANK_TITLE_MESSAGE });
      return;
    }
    if (!navigator.onLine) {
      setAutosave({ kind: "offline" });
      return;
    }
    setAutosave({ kind: "saving" });
    lastAutosaveAt.current = Date.now();
    // Compared by identity when it ends: a later save (one sent as the page leaves) may have replaced it.
    let run: Promise<void> | null = null;
    run = (async () => {
      try {
        const updated = await updateWrite({ id: current.id, title: trimmed, content: sentHtml, leaving });
        // The title as typed counts as saved (the server stores it trimmed): trimming it here would eat the space
        // the user just typed between two words.
        setSaved({ title: sentTitle, html: sentHtml });
        setIdea(updated);
        rememberQuietly(updated);
        refused.current = null;
        setAutosave({ kind: "idle" });
      } catch (err) {
        if (isApiError(err)) {
          refused.current = { title: sentTitle, html: sentHtml };
          setAutosave({ kind: "refused", message: refusalMessage(err) });
        } else {
          setAutosave({ kind: navigator.onLine ? "failed" : "offline" });
        }
      } finally {
        if (inFlight.current === run) inFlight.current = null;
        if (again.current) {
          again.current = false;
          setRetry((n) => n + 1); // the edits made meanwhile: the debounce below starts again
        }
      }
    })();
    inFlight.current = run;
  }, [rememberQuietly, updateWrite]);

  // Debounced: each change restarts the wait.
  React.useEffect(() => {
    if (!autosaves || !dirty) return;
    const wait = Math.max(AUTOSAVE_DELAY_MS, lastAutosaveAt.current + AUTOSAVE_MIN_INTERVAL_MS - Date.now());
    const timer = window.setTimeout(() => autosaveNow(), wait);
    return () => window.clearTimeout(timer);
  }, [autosaves, dirty, title, html, retry, autosaveNow]);

  // Leaving the tab or the page saves at once; going offline says so; coming back online saves what waited.
  React.useEffect(() => {
    if (!autosaves) return;
    const onHidden = () => {
      if (document.visibilityState === "hidden") autosaveNow(true);
    };
    const onPageHide = () => autosaveNow(true);
    const onOffline = () => {
      const { title: t, html: h, saved: was } = latest.current;
      if (t !== was.title || h !== was.html) setAutosave({ kind: "offline" });
    };
    const onOnline = () => {
      refused.current = null;
      setAutosave((state) => (state.kind === "offline" || state.kind === "failed" ? { kind: "idle" } : state));
      autosaveNow(false);
    };
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, [autosaves, autosaveNow]);

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
        created = await createWrite({ title: trimmed, content: html });
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

    // An autosave under way (often started by this very click, which took the focus out of the editor) first.
    while (inFlight.current) await inFlight.current.catch(() => undefined);
    const { title: sentTitle, html: sentHtml, saved: was } = latest.current;
    const sentTrimmed = sentTitle.trim();
    if (sentTitle === was.title && sentHtml === was.html) {
      // Saved by that autosave: what the user asked for is done (and refreshed, as after any manual save).
      toast.success("Idea updated successfully");
      setIdea(await remember(queryClient, latest.current.idea ?? idea));
      setPending(null);
      return;
    }

    let updated: Idea;
    const run = updateWrite({ id: idea.id, title: sentTrimmed || trimmed, content: sentHtml });
    inFlight.current = run;
    try {
      updated = await run;
    } catch (err) {
      setPending(null);
      if (!unauthorized(err)) showError(withLimitMessage("Failed to update idea", err));
      return;
    } finally {
      inFlight.current = null;
    }
    // What was sent is what is saved; edits typed while the request ran stay unsaved.
    setSaved({ title: updated.title, html: sentHtml });
    setTitleState((current) => (current === sentTitle ? updated.title : current)); // trimmed, unless edited since
    refused.current = null;
    setAutosave({ kind: "idle" });
    toast.success("Idea updated successfully");
    setIdea(await remember(queryClient, updated));
    setPending(null);
  };

  /**
   * A PDF idea's title (its file stays as it is): PUT /api/ideas/{id} resends the idea's own content unchanged, as
   * spec §7 has it, and the server keeps the file whatever is sent. Resolves true once saved.
   */
  const saveTitle = async (value: string) => {
    const trimmed = value.trim();
    if (!idea || !pdf || published || pending) return false;
    if (!trimmed) {
      showError(BLANK_TITLE_MESSAGE);
      return false;
    }
    setPending("title");
    let updated: Idea;
    try {
      updated = await updateWrite({ id: idea.id, title: trimmed, content: idea.content });
    } catch (err) {
      setPending(null);
      if (!unauthorized(err)) showError(withLimitMessage("Failed to update idea", err));
      return false;
    }
    setSaved((current) => ({ ...current, title: updated.title }));
    setTitleState(updated.title);
    toast.success("Idea updated successfully");
    setIdea(await remember(queryClient, updated));
    setPending(null);
    return true;
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
      result = await publishWrite(idea.id);
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
    autosave, autosaveNow, saveTitle,
  };
}
