import "server-only";
import type { Provider } from "next-auth/providers/index";
import GoogleProvider from "next-auth/providers/google";
import GitHubProvider from "next-auth/providers/github";
import TwitterProvider from "next-auth/providers/twitter";
import { getEnv } from "@/lib/platform/env";

/** Which social sign-in buttons lead somewhere: a provider counts only with both its id and secret set. */
export function getSocialProviders() {
  const e = getEnv();
  return {
    google: !!(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET),
    github: !!(e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET),
    twitter: !!(e.TWITTER_CLIENT_ID && e.TWITTER_CLIENT_SECRET),
  };
}

export function configuredOAuthProviders(): Provider[] {
  const e = getEnv();
  const on = getSocialProviders();
  const providers: Provider[] = [];
  if (on.google) providers.push(GoogleProvider({ clientId: e.GOOGLE_CLIENT_ID!, clientSecret: e.GOOGLE_CLIENT_SECRET! }));
  if (on.github) providers.push(GitHubProvider({ clientId: e.GITHUB_CLIENT_ID!, clientSecret: e.GITHUB_CLIENT_SECRET! }));
  if (on.twitter) {
    providers.push(
      TwitterProvider({ clientId: e.TWITTER_CLIENT_ID!, clientSecret: e.TWITTER_CLIENT_SECRET!, version: "2.0" }),
    );
  }
  return providers;
}
