/**
 * Response shapes of the API (SPEC §3, §7 and the sharing contract), shared by client components and tests.
 * Client-safe: types only.
 */
import type { CanvasElement } from "@/lib/domain/validation/ideas";
import type { VerifyUploadResult } from "@/lib/domain/timestamps/verify-upload";
import type { Profile } from "@/lib/features/profile";
import type { ShareRecipient as ServerShareRecipient } from "@/lib/domain/shares/recipient-evidence";
import type { ActivityEvent as ServerActivityEvent, ActivityPage as ServerActivityPage, ActivityType as ServerActivityType } from "@/lib/domain/activity";
import type { getIdea, listIdeas } from "@/lib/domain/ideas";
import type { getVersion, listVersions } from "@/lib/domain/ideas/versions";
import type { presentShare } from "@/lib/domain/shares";
import type { listRooms, roomForOwner } from "@/lib/domain/rooms";
import type { PresentedRecipient } from "@/lib/domain/recipients/session";
import type { presentComment } from "@/lib/domain/comments";
import type { listAssets } from "@/lib/domain/files";
import type { VisitsPage as ServerVisitsPage } from "@/lib/domain/engagement/visits";
import type { ActivityOverview as ServerActivityOverview } from "@/lib/features/activity/readers";
import type { SharedIdeaResult } from "@/lib/domain/shares/views";
import type { SharedWithMeItem as ServerSharedWithMeItem } from "@/lib/domain/shares/shared-with-me";
import type { NotificationSettings as ServerNotificationSettings } from "@/lib/domain/validation/notifications";
import type { RecipientAgreement as ServerRecipientAgreement } from "@/lib/domain/recipients/agreement";
import type { AgreementDetail as ServerAgreementDetail, AgreementSummary as ServerAgreementSummary } from "@/lib/domain/agreements";

/** GET /api/share/{token}/agreement: the agreement as rendered for this browser's recipient. */
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

/** GET /api/ideas: list fields (`version`: the latest published version, null while never published; `hasDraft`: a next version is open; `viewCount`, `recipientCount`: the dashboard cards' '3 views · 2 recipients'). */
export type IdeaListItem = Json<Awaited<ReturnType<typeof listIdeas>>[number]>;

/** GET /api/ideas/{id}/versions: one version (newest first); `timestamp` is its proof's state (published ones). */
export type IdeaVersionSummary = Json<Awaited<ReturnType<typeof listVersions>>[number]>;

/** GET /api/ideas/{id}/versions/{n}: one version with its content. */
export type IdeaVersionDetail = Json<Awaited<ReturnType<typeof getVersion>>>;

/** GET /api/ideas/{id}: the idea with its content (HTML, canvas elements or the PDF reference). */
export type Idea = Json<Awaited<ReturnType<typeof getIdea>>>;

/** GET /api/assets: the owner's uploaded images and PDFs. */
export type ActivityOverview = Json<ServerActivityOverview>;
export type ActivityReader = ActivityOverview["readers"][number];
/** GET /api/ideas/{id}/visits: one page of visits (each opening of the reader), newest first. */
export type VisitsPage = Json<ServerVisitsPage>;
export type Visit = VisitsPage["visits"][number];

export type Asset = Json<Awaited<ReturnType<typeof listAssets>>[number]>;

/** GET /api/auth/me, PUT /api/profile, and the `user` of POST /api/auth/login. */
export type CurrentUserInfo = { name: string; email: string; profileImage: string | null };
/** GET /api/auth/me and PUT /api/profile: the user with the owner's certificate switch. */
export type ProfileInfo = Json<Profile>;
/** GET /api/auth/me also says whether the address is verified (lib/domain/auth/email-verification.ts). */
export type MeResponse = ProfileInfo & { emailVerified: boolean };

export type LoginResponse = { success: true; user: CurrentUserInfo };
export type WaitlistResult = { alreadyExists: boolean };
/** POST /api/upload/image. */
export type UploadedImage = { id: string; url: string };
/** POST /api/profile/image. */
export type ProfileImageResult = { profileImage: string };

/** The owner's view of a link (GET /api/ideas/{id}/shares, POST /api/shares, PATCH /api/shares/{id}); never its passcode. */
type AnyShare = Json<ReturnType<typeof presentShare>>;
/** A link to one idea (an idea's share list holds only these). */
export type Share = Omit<AnyShare, "ideaId" | "roomId"> & { ideaId: number; roomId: null };
/** A link to a room (a room's share list). */
export type RoomShare = Omit<AnyShare, "ideaId" | "roomId"> & { ideaId: null; roomId: string };
/** Either: the owner's link list and its dialogs serve both. */
export type OwnerShare = Share | RoomShare;
/**
 * POST /api/shares and PATCH /api/shares/{id} answer the link and the addresses whose invitation could not be sent
 * yet (a job tries them again).
 */
export type SavedShare<S extends OwnerShare = OwnerShare> = S & { invitationsPending: string[] };

/** DELETE /api/shares/{id}. */
export type RevokedShare = { success: true; id: string; revokedAt: string };

/** A recipient as their own browser sees it (`emailVerified`: only e-mail shares need it, true elsewhere). */
export type Recipient = Json<PresentedRecipient>;

/**
 * GET /api/share/{token}. `content` only for the agreed (and, for e-mail shares, verified) recipient session; a PDF
 * idea's content has `pdfPath: null` unless the link allows downloads (the reader shows /api/share/{token}/pages).
 */
export type SharedIdea = Json<SharedIdeaResult>;

/** GET /api/share/{token}: the link, or only this while its passcode is missing (the sender's name, nothing about the idea). */
export type ShareLookup = SharedIdea | { requiresPasscode: true; sender: string };

/** A comment or the owner's reply (`parentId`: the thread's first comment a reply answers). */
export type Comment = Json<ReturnType<typeof presentComment>>;

/** GET /api/shares/{id}/recipients: one recipient of a link, its agreement and its views, newest first. */
export type ShareRecipient = Json<ServerShareRecipient>;
/** GET /api/ideas/{id}/recipients: each live link's recipients, by link id. */
export type IdeaRecipients = Record<string, ShareRecipient[]>;

export type ActivityType = ServerActivityType;

/** One entry of GET /api/ideas/{id}/activity (the server's type, dates as ISO strings). */
export type ActivityEvent = Json<ServerActivityEvent>;

/**
 * GET /api/ideas/{id}/activity?offset=&limit=: newest first; nextOffset is null on the last page; `summary` and
 * `people` (each recipient's own figures) cover the whole history.
 */
export type ActivityPage = Json<ServerActivityPage>;
export type ActivitySummary = ActivityPage["summary"];
export type ActivityRecipientSummary = ActivityPage["people"][number];

/** POST /api/verify (the public /verify form). */
export type VerifyAnswer = Json<VerifyUploadResult>;
/** GET /api/shared-with-me: an e-mail share addressed to the signed-in account. */
export type SharedWithMeItem = Json<ServerSharedWithMeItem>;

/** GET/PUT /api/profile/notifications: which owner e-mails are sent. */
export type NotificationSettings = ServerNotificationSettings;

/** GET /api/webhooks items; POST adds `secret` (shown once). */
export type WebhookEndpoint = Json<Awaited<ReturnType<typeof import("@/lib/domain/webhooks/endpoints").listWebhooks>>[number]>;
export type CreatedWebhook = Json<Awaited<ReturnType<typeof import("@/lib/domain/webhooks/endpoints").createWebhook>>>;
export type WebhookDeliveryLog = WebhookEndpoint["deliveries"][number];

/** An idea's kind as the server stores it: a PDF is read in pages, the others in sections. */
export type IdeaKind = "html" | "pdf" | "canvas" | "other";

/** GET /api/rooms: one of the owner's rooms, with its counts (`linkCount`: live links). */
export type RoomSummary = Json<Awaited<ReturnType<typeof listRooms>>>["rooms"][number];

/** GET /api/rooms/{id}: the room, its items in order and its links. */
export type RoomDetail = Omit<Json<Awaited<ReturnType<typeof roomForOwner>>>, "shares"> & { shares: RoomShare[] };

/** One idea of a room, in the room's order (`pinVersion`: the version it stays on, null: the latest; `allowDownload` null: the link decides). */
export type RoomItem = RoomDetail["items"][number];

/** PUT /api/rooms/{id}/items: one entry, in the order wanted. */
export type RoomItemInput = { ideaId: number; folder?: string | null; pinVersion?: number | null; allowDownload?: boolean | null };

/** One recipient's reading of one idea of the room (`pages`, when the server sends them: the time per page). */
export type RoomReadingItem = { ideaId: number; ms: number; pagesRead: number; pageCount: number | null; pages?: { n: number; ms: number }[] };
/** GET /api/rooms/{id}/reading: recipients × ideas (an idea not opened is absent or has ms 0). */
export type RoomReading = { recipients: { recipientId: string; name: string; email: string; items: RoomReadingItem[] }[] };

/** GET /api/share/{token} for a room link: the room's index, for the agreed recipient. */
export type SharedRoomItem = { ideaId: number; title: string; kind: IdeaKind; version: number | null; pageCount: number | null; folder: string | null };
export type SharedRoom = { name: string; note: string | null; items: SharedRoomItem[] };
