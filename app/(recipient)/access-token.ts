import { notFound } from "next/navigation";
import { idOrNull } from "@/lib/domain/validation/route-id";

export type TokenParams = Promise<{ token?: string[] }>;
export type TokenSearchParams = Promise<{ accessToken?: string | string[] }>;

/**
 * The access token of a recipient URL: /{screen}/{token} or /{screen}?accessToken={token} (SPEC §2). More than one
 * path segment is not a route of ours (404); no token at all, or one that cannot be a token (the id rule of every
 * dynamic segment, lib/domain/validation/route-id.ts), yields null (the screen shows 'Access Denied').
 */
export async function resolveAccessToken(params: TokenParams, searchParams: TokenSearchParams): Promise<string | null> {
  const { token: segments = [] } = await params;
  if (segments.length > 1) notFound();
  const query = (await searchParams).accessToken;
  const token = segments[0] ?? (Array.isArray(query) ? query[0] : query) ?? "";
  return idOrNull(token.trim());
}
