import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/domain/auth/options";

// GET/POST /api/auth/* — next-auth's OAuth sign-in, callback, csrf and session endpoints
async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(req as never, ctx as never, getAuthOptions());
}

export { handler as GET, handler as POST };
