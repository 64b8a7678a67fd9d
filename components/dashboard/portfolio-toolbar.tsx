"use client";

import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  SORT_OPTIONS,
  STATUS_OPTIONS,
  type PortfolioFilters,
  type PortfolioSort,
  type PortfolioStatusFilter,
} from "@/components/dashboard/portfolio-filters";
import { nativeSelectClass as selectClass } from "@/components/ui/native-select";

/** Search by title, filter by status, sort by date or title: one row on wide screens, stacked on phones. */
export function PortfolioToolbar({ filters, onChange, shown }: { filters: PortfolioFilters; onChange: (next: PortfolioFilters) => void; shown: number }) {
  return (
    <div role="search" aria-label="Your ideas" className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
      <div className="col-span-2 space-y-1.5 sm:col-span-1">
        <Label htmlFor="portfolio-search">Search ideas</Label>
        <div className="relative">
          <Search aria-hidden="true" className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" />
          <Input
            id="portfolio-search"
            type="search"
            placeholder="Title or number"
            autoComplete="off"
            value={filters.query}
            onChange={(e) => onChange({ ...filters, query: e.target.value })}
            aria-describedby="portfolio-search-count"
            className="pl-8"
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="portfolio-status">Status</Label>
        <select
          id="portfolio-status"
          className={selectClass}
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as PortfolioStatusFilter })}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="portfolio-sort">Sort</Label>
        <select id="portfolio-sort" className={selectClass} value={filters.sort} onChange={(e) => onChange({ ...filters, sort: e.target.value as PortfolioSort })}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <p id="portfolio-search-count" role="status" aria-live="polite" className="sr-only col-span-2 sm:col-span-3">
        {shown === 1 ? "1 idea shown" : `${shown} ideas shown`}
      </p>
    </div>
  );
}
