import "server-only";
import { ownedIdeaOr404 } from "@/lib/domain/ideas/owned";
import { evidenceLogLines } from "@/lib/domain/evidence-log/read";

export const NDJSON_MEDIA_TYPE = "application/x-ndjson";

/**
 * GET /api/ideas/{id}/evidence/log: the owner's idea's evidence log as JSON Lines, streamed as it is read (another
 * creator's idea is a 404 before anything is read).
 */
export async function evidenceLogStream(ownerId: string, ideaId: number): Promise<ReadableStream<Uint8Array>> {
  const idea = await ownedIdeaOr404(ownerId, ideaId, { select: { id: true } });
  const lines = evidenceLogLines(idea.id);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}
