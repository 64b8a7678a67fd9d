"use client";

import { useState } from "react";
import { File, FileText, ImageIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { PortfolioSection } from "@/components/dashboard/portfolio-section";
import type { Asset } from "@/client/types";

const IMAGE_EXT = /\.(png|jpe?g|gif|webp|avif|svg|bmp|ico)$/i;

function assetKind(asset: Asset): "image" | "pdf" | "file" {
  const type = asset.contentType?.toLowerCase() ?? "";
  if (type.startsWith("image/") || (!type && IMAGE_EXT.test(asset.fileName))) return "image";
  if (type === "application/pdf" || /\.pdf$/i.test(asset.fileName)) return "pdf";
  return "file";
}

function AssetCard({ asset }: { asset: Asset }) {
  const kind = assetKind(asset);
  const [broken, setBroken] = useState(false);
  const Icon = kind === "pdf" ? FileText : kind === "image" ? ImageIcon : File;

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <a
        href={asset.filePath}
        target="_blank"
        rel="noopener noreferrer"
        className="focus-visible:ring-ring/50 group block rounded-xl outline-none focus-visible:ring-[3px]"
      >
        <div className="bg-muted flex aspect-video items-center justify-center overflow-hidden">
          {kind === "image" && !broken ? (
            <img src={asset.filePath} alt="" loading="lazy" onError={() => setBroken(true)} className="size-full object-cover" />
          ) : (
            <Icon aria-hidden="true" className="text-muted-foreground size-10" />
          )}
        </div>
        <div className="space-y-1 p-4">
          <p className="truncate text-sm font-medium group-hover:underline" title={asset.fileName}>
            {asset.fileName}
            <span className="sr-only"> (opens in a new tab)</span>
          </p>
          <p className="text-muted-foreground text-xs"><LocalTime value={asset.createdAt} dateOnly /></p>
        </div>
      </a>
    </Card>
  );
}

export function AssetsSection({ assets }: { assets: Asset[] }) {
  return (
    <PortfolioSection title="My Assets" count={assets.length} emptyText="No assets uploaded yet" isEmpty={assets.length === 0}>
      {assets.map((asset) => (
        <li key={asset.id}>
          <AssetCard asset={asset} />
        </li>
      ))}
    </PortfolioSection>
  );
}
