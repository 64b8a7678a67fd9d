"use client";

import { useState } from "react";
import { AssetsSection } from "@/components/dashboard/assets-section";
import { DropZone } from "@/components/dashboard/drop-zone";
import { IdeaCard } from "@/components/dashboard/idea-card";
import { applyPortfolioFilters, DEFAULT_FILTERS, isFiltered, type PortfolioFilters } from "@/components/dashboard/portfolio-filters";
import { PortfolioSection } from "@/components/dashboard/portfolio-section";
import { PortfolioToolbar } from "@/components/dashboard/portfolio-toolbar";
import { RoomsSection } from "@/components/rooms/rooms-section";
import { SharedIdeaCard } from "@/components/dashboard/shared-idea-card";
import { usePortfolioData } from "@/components/dashboard/use-portfolio-data";
import type { IdeaListItem } from "@/client/types";
import { LoadError } from "@/components/ui/load-state";
import { Button } from "@/components/ui/button";
import { useResendVerification } from "@/components/auth/use-resend-verification";

function IdeaList({ ideas, onChanged }: { ideas: IdeaListItem[]; onChanged: () => Promise<void> }) {
  return ideas.map((idea) => (
    <li key={idea.id}>
      <IdeaCard idea={idea} onDeleted={onChanged} />
    </li>
  ));
}

/** Shared with me while the account's address is unproven: what was sent to it waits for the proof. */
function VerifyToSeeShared({ email }: { email: string }) {
  const { resend, sending } = useResendVerification(email);
  return (
    <div className="text-muted-foreground flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-center text-sm">
      <p>Verify your e-mail address to see ideas shared with you</p>
      <Button type="button" size="sm" variant="outline" onClick={() => void resend()} disabled={sending}>
        Resend verification link
      </Button>
    </div>
  );
}

/**
 * The Idea Portfolio: drop zone, Drafts, Published, Rooms, My Assets and Shared with me. Shared with me lists what was
 * sent to the account's address, so it is listed only once that address is verified (`sharedWithMe`).
 */
export function Portfolio({ sharedWithMe, email }: { sharedWithMe: boolean; email: string }) {
  const { ideas, assets, shared, loading, error, refresh } = usePortfolioData({ sharedWithMe });
  const [filters, setFilters] = useState<PortfolioFilters>(DEFAULT_FILTERS);
  const shown = applyPortfolioFilters(ideas, filters);
  const drafts = shown.filter((idea) => idea.status !== "published");
  const published = shown.filter((idea) => idea.status === "published");
  const filtered = isFiltered(filters);
  const query = filters.query.trim();
  const noMatch = (what: string) => (query ? `No ${what} match “${query}”` : `No ${what} match these filters`);

  return (
    <div id="portfolio" className="space-y-8 sm:space-y-10">
      <DropZone onUploaded={refresh} />

      {loading ? (
        <p role="status" className="text-muted-foreground py-8 text-center">
          Loading...
        </p>
      ) : (
        <>
          {error ? (
            <LoadError onRetry={() => void refresh()}>Could not load your portfolio. Please try again.</LoadError>
          ) : null}
          {ideas.length > 0 ? <PortfolioToolbar filters={filters} onChange={setFilters} shown={shown.length} /> : null}
          {filters.status !== "published" ? (
            <PortfolioSection title="Drafts" emptyText={filtered ? noMatch("drafts") : "No drafts yet"} isEmpty={drafts.length === 0}>
              <IdeaList ideas={drafts} onChanged={refresh} />
            </PortfolioSection>
          ) : null}
          {filters.status !== "draft" ? (
            <PortfolioSection title="Published" emptyText={filtered ? noMatch("published ideas") : "No published ideas yet"} isEmpty={published.length === 0}>
              <IdeaList ideas={published} onChanged={refresh} />
            </PortfolioSection>
          ) : null}
          <RoomsSection />
          <AssetsSection assets={assets} />
          <PortfolioSection
            title="Shared with me"
            emptyText="No shared ideas yet"
            isEmpty={!sharedWithMe || shared.length === 0}
            empty={sharedWithMe ? undefined : <VerifyToSeeShared email={email} />}
          >
            {shared.map((item) => (
              <li key={item.shareId}>
                <SharedIdeaCard item={item} />
              </li>
            ))}
          </PortfolioSection>
        </>
      )}
    </div>
  );
}
