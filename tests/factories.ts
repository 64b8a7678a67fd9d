import crypto from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { createIdea, createPdfIdea, publishIdea } from "@/lib/ideas";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;

export async function createUser(overrides: { name?: string; email?: string; password?: string } = {}) {
  const password = overrides.password ?? "secret1";
  const user = await db.user.create({
    data: {
      name: overrides.name ?? "Ada Lovelace",
      email: (overrides.email ?? `user-${unique()}@example.com`).toLowerCase(),
      passwordHash: await hashPassword(password),
    },
  });
  return { ...user, password };
}

export async function createDraft(ownerId: string, overrides: { title?: string; content?: string } = {}) {
  return createIdea(ownerId, { title: overrides.title ?? "My New Idea", content: overrides.content ?? "<p>Secret plan</p>" });
}

export async function createPublished(ownerId: string, overrides: { title?: string; content?: string } = {}) {
  const idea = await createDraft(ownerId, overrides);
  return publishIdea(ownerId, idea.id);
}

export const MINIMAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export async function createPdfDraft(ownerId: string, title = "Whitepaper") {
  return createPdfIdea(ownerId, { title, fileName: `${title}.pdf`, data: MINIMAL_PDF });
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
