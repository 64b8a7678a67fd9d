import crypto from "node:crypto";
import { db } from "@/lib/platform/db";
import { hashPassword } from "@/lib/domain/auth/password";
import { createIdea, createPdfIdea, publishIdea } from "@/lib/domain/ideas";
import { createShareFor, createShareLink } from "@/lib/domain/shares";
import { createRoom as createRoomLib, shareableRoomOr404 } from "@/lib/domain/rooms";
import { acceptLinkNda } from "@/lib/domain/rooms/agreement";
import { createRecipient as createRecipientLib } from "@/lib/domain/recipients/identify";
import type { ShareTypeValue } from "@/lib/domain/validation/sharing";
import type { CreateShareRequest } from "@/lib/domain/validation/share-link";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;

/** An account as an open registration makes it: address unverified unless `emailVerified: true`. */
/**
 * bcrypt is slow on purpose (0.1–0.5 s a hash on this busy 2-core machine) and most db tests create a user or three:
 * a test file hashes each password once and gives its users that hash. Still a real bcrypt hash of the password, so
 * logins through the real code check it as before; registration, reset and change tests hash through lib/domain/auth itself.
 */
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string) {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

export async function createUser(overrides: { name?: string; email?: string; password?: string; emailVerified?: boolean } = {}) {
  const password = overrides.password ?? "secret1";
  const user = await db.user.create({
    data: {
      name: overrides.name ?? "Ada Lovelace",
      email: (overrides.email ?? `user-${unique()}@example.com`).toLowerCase(),
      passwordHash: await passwordHashOf(password),
      emailVerified: overrides.emailVerified ? new Date() : null,
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

/**
 * A PNG whose bytes differ per label (trailing bytes after IEND are ignored by decoders): identical uploads are
 * stored once (lib/domain/ideas/images.ts), so tests that need separate files give each its own bytes.
 */
export function distinctPng(label: string) {
  return Buffer.concat([PNG, Buffer.from(label)]);
}

// ── Sharing ────────────────────────────────────────────────────────────────────────────────────────────────

export const TEST_CLIENT = { ip: "203.0.113.7", userAgent: "jest-agent/1.0" };
export const TEST_ORIGIN = "http://localhost:3000";

type ShareOverrides = {
  shareType?: ShareTypeValue;
  maxViews?: number | null;
  expiresAt?: string | null;
  recipientEmail?: string | null;
  /** An e-mail link's addresses (instead of recipientEmail). */
  recipientEmails?: string[];
  allowDownload?: boolean;
  screenShield?: boolean;
  passcode?: string | null;
};

/** A share of `ideaId` made through the owner's own call (full access unless told). */
export async function createShare(ownerId: string, ideaId: number, overrides: ShareOverrides = {}) {
  const shareType = overrides.shareType ?? "full-access";
  const share = await createShareLink(
    ownerId,
    {
      ideaId,
      shareType,
      maxViews: overrides.maxViews ?? null,
      expiresAt: overrides.expiresAt ?? (shareType === "time-dependent" ? new Date(Date.now() + 3600_000).toISOString() : null),
      ...(overrides.recipientEmails !== undefined
        ? { recipientEmails: overrides.recipientEmails }
        : { recipientEmail: overrides.recipientEmail ?? (shareType === "email" ? `invitee-${unique()}@example.com` : null) }),
      ...(overrides.allowDownload !== undefined ? { allowDownload: overrides.allowDownload } : {}),
      ...(overrides.screenShield !== undefined ? { screenShield: overrides.screenShield } : {}),
      ...(overrides.passcode !== undefined ? { passcode: overrides.passcode } : {}),
    } as CreateShareRequest,
    TEST_ORIGIN,
  );
  // An idea link: its ideaId is the idea's.
  return { ...share, ideaId, roomId: null };
}

/** A room of the owner's published ideas, in that order, through the real call. */
export async function createRoom(ownerId: string, ideaIds: number[], overrides: { name?: string; note?: string | null } = {}) {
  return createRoomLib(ownerId, { name: overrides.name ?? "Seed round", note: overrides.note ?? null, ideaIds });
}

/** A link to a room through the real call (a full-access link unless told). */
export async function createRoomShare(ownerId: string, roomId: string, overrides: Partial<CreateShareRequest> = {}) {
  const shareType = overrides.shareType ?? "full-access";
  // The same defaults as createShare: a time-dependent link expires in an hour, an e-mail link names an invitee.
  const request = {
    shareType,
    roomId,
    ...(shareType === "time-dependent" ? { expiresAt: new Date(Date.now() + 3600_000).toISOString() } : {}),
    ...(shareType === "email" ? { recipientEmail: `invitee-${unique()}@example.com` } : {}),
    ...overrides,
  } as CreateShareRequest;
  const share = await createShareFor(ownerId, await shareableRoomOr404(ownerId, roomId), request, TEST_ORIGIN);
  return { ...share, ideaId: null, roomId };
}

/** A recipient identified on `share` through the real call; `secrets` is what its browser's cookie holds. */
export async function createRecipient(
  share: { accessLink: string; recipientEmail?: string | null },
  overrides: { name?: string; email?: string; phone?: string | null; client?: typeof TEST_CLIENT; passcodes?: Record<string, string> } = {},
) {
  const created = await createRecipientLib(
    {
      name: overrides.name ?? "Grace Hopper",
      email: overrides.email ?? share.recipientEmail ?? `recipient-${unique()}@example.com`,
      phone: overrides.phone === undefined ? "+1 555 0100" : overrides.phone,
      accessToken: share.accessLink,
    },
    overrides.client ?? TEST_CLIENT,
    overrides.passcodes,
  );
  return { ...created.recipient, secret: created.secret, secrets: [created.secret] as string[] };
}

/** A recipient who has (for e-mail shares, verified and) accepted the agreement. */
export async function agreedRecipient(share: { accessLink: string; recipientEmail?: string | null; shareType: ShareTypeValue }, overrides: Parameters<typeof createRecipient>[1] = {}) {
  const recipient = await createRecipient(share, overrides);
  if (share.shareType === "email") await db.recipient.update({ where: { id: recipient.id }, data: { emailVerifiedAt: new Date(), codeHash: null } });
  const agreed = await acceptLinkNda(recipient.id, recipient.secrets, overrides.client ?? TEST_CLIENT);
  return { ...agreed, secret: recipient.secret, secrets: recipient.secrets };
}
