import { notFound } from "next/navigation";

export type TokenParams = Promise<{ token?: string[] }>;
export type TokenSearchParams = Promise<{ accessToken?: string | string[] }>;

// Real tokens are 43 characters; anything far longer is not worth a lookup.
const MAX_TOKEN_CHARS = 200;

/**
 * The access token of a recipient URL: /{screen}/{token} or /{screen}?accessToken={token} (SPEC §2). More than one
 * path segment is not a route of ours (404); no token at all yields null (the screen shows 'Access Denied').
 */
export async function resolveAccessToken(params: TokenParams, searchParams: TokenSearchParams): Promise<string | null> {
  const { token: segments = [] } = await params;
  if (segments.length > 1) notFound();
  const query = (await searchParams).accessToken;
  const token = segments[0] ?? (Array.isArray(query) ? query[0] : query) ?? "";
  const trimmed = token.trim();
  return trimmed && trimmed.length <= MAX_TOKEN_CHARS ? trimmed : null;
}
