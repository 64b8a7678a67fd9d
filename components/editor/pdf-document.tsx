import { ExternalLink, FileText } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { PdfView } from "@/components/editor/idea-api";

/** A PDF idea: the embedded viewer, the file name and 'Open PDF' (spec §2). */
export function PdfDocument({ pdf }: { pdf: PdfView }) {
  return (
    <section aria-label="PDF document" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground flex min-w-0 items-center gap-2 text-sm">
          <FileText aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{pdf.fileName}</span>
        </p>
        {pdf.pdfPath ? (
          <Button asChild variant="outline" size="sm">
            <a href={pdf.pdfPath} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open PDF
            </a>
          </Button>
        ) : null}
      </div>
      {pdf.pdfPath ? (
        <iframe
          title="PDF viewer"
          src={pdf.pdfPath}
          className="bg-muted h-[70vh] min-h-80 w-full rounded-lg border sm:min-h-[32rem]"
        />
      ) : (
        <p className="text-muted-foreground rounded-lg border border-dashed p-8 text-center text-sm">
          The PDF file is not available.
        </p>
      )}
    </section>
  );
}
