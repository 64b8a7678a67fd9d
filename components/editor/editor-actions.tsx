import Link from "next/link";
import { Save, Send, Share2 } from "lucide-react";

import { IdeaStatusBadge } from "@/components/ideas/idea-status-badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

type EditorActionsProps = {
  ideaId: number | null;
  published: boolean;
  pending: "save" | "publish" | null;
  onSave: () => void;
  onPublish: () => void;
};

/** The state-dependent buttons of the editor screen (spec §2, §4). */
export function EditorActions({ ideaId, published, pending, onSave, onPublish }: EditorActionsProps) {
  if (published && ideaId !== null) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <IdeaStatusBadge published />
        <Button asChild>
          <Link href={`/share/${ideaId}`}>
            <Share2 aria-hidden="true" />
            Share It
          </Link>
        </Button>
      </div>
    );
  }

  const busy = pending !== null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" onClick={onSave} disabled={busy} aria-busy={pending === "save"}>
        {pending === "save" ? <Spinner label="Saving..." /> : <Save aria-hidden="true" />}
        {ideaId === null ? "Create Idea" : "Save Changes"}
      </Button>
      {ideaId !== null ? (
        <Button type="button" variant="outline" onClick={onPublish} disabled={busy} aria-busy={pending === "publish"}>
          {pending === "publish" ? <Spinner label="Publishing..." /> : <Send aria-hidden="true" />}
          Publish
        </Button>
      ) : null}
    </div>
  );
}
