import { publicRoute } from "@/lib/features/api/routes";
import { recordIdParam } from "@/lib/domain/validation/path-params";
import { readBrandLogo } from "@/lib/domain/brand";
import { NotFoundError } from "@/lib/platform/http/errors";

const NOT_FOUND = "Logo not found";

// GET /api/brand/logo/{key} — a sender's logo (PNG); public: its random key is shown only on the sender's recipient screens and mails
export const GET = publicRoute({
  params: { key: recordIdParam(NOT_FOUND) },
  handler: async ({ params }) => {
    const png = await readBrandLogo(params.key);
    if (!png) throw new NotFoundError(NOT_FOUND);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Content-Length": String(png.length),
        // Every upload gets a new key, so what a key names never changes.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
