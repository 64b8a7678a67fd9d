import { ownerRoute } from "@/lib/features/api/routes";
import { createAgreement, listAgreements } from "@/lib/domain/agreements";
import { rateLimits } from "@/lib/platform/rate-limit/policies";
import { agreementSchema } from "@/lib/domain/validation/agreements";

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
