import "server-only";
import { headers } from "next/headers";
import { originForHost } from "@/lib/platform/http/origin";

/** The origin links in the owner's mails point to; read before the response is sent (the request is gone after). */
export async function linkOrigin() {
  let host: string | null = null;
  try {
    host = (await headers()).get("host");
  } catch {
    // Outside a request (jobs, tests): NEXTAUTH_URL or localhost.
  }
  return originForHost(host);
}
