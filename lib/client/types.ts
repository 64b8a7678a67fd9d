/**
 * Response shapes of the API (SPEC §3, §7 and the sharing contract), shared by client components and tests.
 * Client-safe: types only.
 */
import type { CanvasElement } from "@/lib/validation/ideas";
import type { ShareTypeValue } from "@/lib/validation/sharing";
import type { TimestampDetails, TimestampSummary } from "@/lib/timestamps/text";
import type { VerifyResult } from "@/lib/timestamps/verify";
import type { Profile } from "@/lib/profile";
import type { ShareRecipient as ServerShareRecipient } from "@/lib/recipients/evidence";
import type { ActivityType as ServerActivityType } from "@/lib/activity";
import type { RecipientAgreement as ServerRecipientAgreement } from "@/lib/recipients/agreement";
import type { AgreementDetail as ServerAgreementDetail, AgreementSummary as ServerAgreementSummary } from "@/lib/agreements";

/** GET /api/share/{token}/agreement: the agreement as rendered for this browser's recipient (issue 17 §4). */
export type RecipientAgreement = ServerRecipientAgreement;
/** GET/POST /api/agreements, PUT /api/agreements/{id}: one of the owner's agreements, its current version. */
export type AgreementSummary = Json<ServerAgreementSummary>;
/** GET /api/agreements/{id}: with every version and how many recipients accepted each. */
export type AgreementDetail = Json<ServerAgreementDetail>;

/** What a server-side type becomes on the wire (Response.json → res.json()): dates arrive as ISO strings. */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

export type IdeaStatusValue = "draft" | "published";

export type PdfContent = { type: "pdf"; fileName: string; pdfPath: string };
export type CanvasContent = { elements: CanvasElement[] };
/** HTML string, canvas elements, a PDF reference, or (older data) anything else, shown as JSON. */
export type IdeaContent = string | CanvasContent | PdfContent | null | Record<string, unknown> | unknown[] | number | boolean;

export type IdeaListItem = {
  id: number;
  title: string;
  status: IdeaStatusValue;
  kind: "html" | "pdf" | "canvas" | "other";
  blockchainTimestamp: string | null;
  lastModified: string;
  /** The idea's timestamp proof, once published. */
  timestamp?: TimestampSummary | null;
  /** The latest published version's number (issue 18 §1); null while never published. */
  version?: number | null;
  /** A next version is being written. */
  hasDraft?: boolean;
};

/** GET /api/ideas/{id}/versions: one version (newest first); `timestamp` is its proof's state (published ones). */
export type IdeaVersionSummary = {
  id: string;
  version: number;
  status: IdeaStatusValue;
  title: string;
  publishedAt: string | null;
  contentSha256: string | null;
  createdAt: string;
  updatedAt: string;
  timestamp: (TimestampDetails & { state: string }) | null;
};

/** GET /api/ideas/{id}/versions/{n}: one version with its content. */
export type IdeaVersionDetail = IdeaVersionSummary & { ideaId: number; kind: IdeaListItem["kind"]; content: IdeaContent; pdfUploadRequired: boolean };

export type Idea = IdeaListItem & { content: IdeaContent; publishedAt: string | null; createdAt: string };

export type Asset = {
  id: string;
  fileName: string;
  filePath: string;
  contentType: string | null;
  kind: "image" | "pdf";
  createdAt: string;
};

/** GET /api/auth/me, PUT /api/profile, and the `user` of POST /api/auth/login. */
export type CurrentUserInfo = { name: string; email: string; profileImage: string | null };
/** GET /api/auth/me and PUT /api/profile: the user with the owner's certificate switch. */
export type ProfileInfo = Json<Profile>;
/** GET /api/auth/me also says whether the address is verified (lib/auth/email-verification.ts). */
export type MeResponse = ProfileInfo & { emailVerified: boolean };

export type LoginResponse = { success: true; user: CurrentUserInfo };
export type WaitlistResult = { alreadyExists: boolean };
/** POST /api/upload/image. */
export type UploadedImage = { id: string; url: string };
/** POST /api/profile/image. */
export type ProfileImageResult = { profileImage: string };

export type Share = {
  id: string;
  ideaId: number;
  /** The owner's name for the link (issue 17 §3); null when unnamed. */
  name: string | null;
  shareType: ShareTypeValue;
  expiresAt: string | null;
  maxViews: number | null;
  recipientEmail: string | null;
  accessLink: string;
  viewCount: number;
  revokedAt: string | null;
  createdAt: string;
  /** Recipients may download the idea's PDF (marked with their identity); off: page images only. */
  allowDownload: boolean;
  /** The reader blurs while unfocused, prints a notice and blocks image saving. */
  screenShield: boolean;
  /** A passcode is asked before identity (never the passcode itself). */
  hasPasscode: boolean;
  /** Issue 17 §4: the owner's agreement the link shows (its current version); null: the standard agreement. */
  agreementId: string | null;
  agreement: { id: string; title: string; version: number } | null;
  /** false: 'No NDA'. */
  requireNda: boolean;
  /** Issue 18 §1: the version the link stays on; null: it shows the latest published version. */
  pinnedVersion?: number | null;
};

/** DELETE /api/shares/{id}. */
export type RevokedShare = { success: true; id: string; revokedAt: string };

export type Recipient = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  agreedToNda: boolean;
  /** Only e-mail shares need it; true elsewhere. */
  emailVerified: boolean;
};

/** GET /api/share/{token}. `content` only for the agreed (and, for e-mail shares, verified) recipient session. */
export type SharedIdea = {
  idea: {
    id: number;
    title: string;
    user: { name: string };
    content?: IdeaContent;
    /** The version the link shows ('Version {number} of {of} · published {date}'); nulls for a never-published idea. */
    version?: { number: number | null; of: number | null; publishedAt: string | null };
  };
  shareType: ShareTypeValue;
  /**
   * The link's options: 'Download' (the marked PDF, /api/files/{id}) only when allowDownload. Without it a PDF idea's
   * content comes as {type: "pdf", fileName, pdfPath: null}: the reader shows /api/share/{token}/pages.
   */
  allowDownload: boolean;
  screenShield: boolean;
  /** Issue 17 §4: false, the link asks for no agreement (identity, then the document). */
  requireNda: boolean;
  /** Issue 19 §3: an e-mail link's invited address (the form's Email, pre-filled and locked); null otherwise. */
  invitedEmail?: string | null;
  /** The recipient bound to this link in this browser (recipient cookie), if any. */
  recipient: Recipient | null;
  /** When content was delivered: the start of this recipient's current view. */
  accessedAt?: string;
  /** With the content: this recipient's NDA acceptance id (GET /api/ndas/{id}/certificate.pdf). */
  ndaId?: string | null;
  /** With the content: "name · e-mail · access time", overlaid faintly across the document. */
  watermark?: string;
};

/** GET /api/share/{token}: the link, or only this while its passcode is missing (nothing about the idea). */
export type ShareLookup = SharedIdea | { requiresPasscode: true };

export type Comment = {
  id: string;
  recipientId: string;
  author: string;
  content: string;
  createdAt: string;
  /** "owner" for the idea owner's reply to a recipient's comment. */
  authorRole: "recipient" | "owner";
  /** The comment a reply answers (always a thread's first comment). */
  parentId: string | null;
};

/** GET /api/shares/{id}/recipients: one recipient of a link, its agreement and its views, newest first. */
export type ShareRecipient = Json<ServerShareRecipient>;

export type ActivityType = ServerActivityType;

/** One entry of GET /api/ideas/{id}/activity. */
export type ActivityEvent = {
  id: string;
  type: ActivityType;
  label: string;
  at: string;
  link: { id: string; type: ShareTypeValue; label: string; createdAt: string } | null;
  actor: string | null;
  recipient: { id: string; name: string; email: string } | null;
  ip: string | null;
  device: string | null;
  detail: string | null;
  /** A view's reading time in milliseconds (null for other events). */
  readingMs: number | null;
  /** The version a view showed or an agreement covered (issue 18 §1); null otherwise. */
  version?: number | null;
};

/** GET /api/ideas/{id}/activity?offset=&limit=: newest first; nextOffset is null on the last page. */
export type ActivityPage = { events: ActivityEvent[]; nextOffset: number | null };

/** POST /api/verify (the public /verify form). */
export type VerifyAnswer = Json<VerifyResult>;
/** GET /api/shared-with-me: an e-mail share addressed to the signed-in account. */
export type SharedWithMeItem = { shareId: string; ideaId: number; title: string; sharerName: string; sharedAt: string; accessLink: string };

/** GET/PUT /api/profile/notifications: which owner e-mails are sent. */
export type NotificationSettings = { ndaAccepted: boolean; firstView: boolean; comments: boolean };

/** GET /api/webhooks items; POST adds `secret` (shown once). */
export type WebhookEndpoint = Json<Awaited<ReturnType<typeof import("@/lib/webhooks/endpoints").listWebhooks>>[number]>;
export type CreatedWebhook = Json<Awaited<ReturnType<typeof import("@/lib/webhooks/endpoints").createWebhook>>>;
export type WebhookDeliveryLog = WebhookEndpoint["deliveries"][number];
