import { publicRoute } from "@/lib/features/api/routes";
import document from "@/docs/openapi.json";

// GET /api/openapi.json — this API's OpenAPI 3.1 document, generated from the route builders' schemas (`npm run openapi`)
export const GET = publicRoute({
  handler: () => Response.json(document),
});
