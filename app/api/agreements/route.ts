import { ownerRoute } from "@/lib/api/routes";
import { createAgreement, listAgreements } from "@/lib/agreements";
import { rateLimits } from "@/lib/rate-limit/policies";
import { agreementSchema } from "@/lib/validation/agreements";

// GET /api/agreements — the creator's own agreements: [{id, title, body, version, isDefault, inUse, createdAt, updatedAt}]
export const GET = ownerRoute({
  handler: async ({ user }) => Response.json(await listAgreements(user.id)),
});

// POST /api/agreements — create one {title, body, isDefault?} (version 1)
export const POST = ownerRoute({
  body: agreementSchema,
  rateLimitChecked: ({ user }) => rateLimits.agreementWrites(user.id),
  handler: async ({ user, body }) => Response.json(await createAgreement(user.id, body), { status: 201 }),
});
