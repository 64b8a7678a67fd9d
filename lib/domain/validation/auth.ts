import { z } from "zod";
import { singleLineString } from "@/lib/domain/validation/safe-string";
import { EMAIL_CHANGE_LINK_INVALID, VERIFY_LINK_INVALID } from "@/lib/domain/validation/auth-messages";

const email = z
  .string()
  .trim()
  .min(1, "Please enter a valid email address")
  .email("Please enter a valid email address")
  .max(254, "Please enter a valid email address");

const password = z
  .string()
  .min(6, "Password must be at least 6 characters")
  // bcrypt only reads the first 72 bytes; refuse longer input instead of silently truncating it.
  .max(72, "Password must be at most 72 characters");

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

const name = singleLineString("Name").min(2, "Name must be at least 2 characters").max(100, "Name must be at most 100 characters");

export const registerSchema = z.object({ name, email, password, invite: z.string().max(200).optional() });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form adds a confirmation field that never leaves the browser. */
export const registerFormSchema = z
  .object({ name, email, password, confirmPassword: z.string().min(6, "Password must be at least 6 characters") })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email address.").email("Please enter a valid email address").max(254),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Bounds of an e-mailed account link's token (password reset, e-mail verification); the server decides validity. */
const ACCOUNT_TOKEN_MIN = 10;
const ACCOUNT_TOKEN_MAX = 200;

export const resetPasswordSchema = z.object({
  token: z.string().min(ACCOUNT_TOKEN_MIN, "This reset link is invalid or has expired.").max(ACCOUNT_TOKEN_MAX),
  password,
});

/** The ?token= of an e-mailed account link as its page reads it: trimmed, or null when it cannot be one. */
export function accountTokenFromQuery(raw: string | string[] | undefined): string | null {
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  return token.length >= ACCOUNT_TOKEN_MIN && token.length <= ACCOUNT_TOKEN_MAX ? token : null;
}
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The answer for an unknown, used or expired e-mail verification link (server and /verify-email alike). */
export { VERIFY_LINK_INVALID };

/** POST /api/auth/verify-email: the token from the e-mailed /verify-email?token=… link. */
export const verifyEmailSchema = z.object({
  token: z.string({ error: VERIFY_LINK_INVALID }).min(ACCOUNT_TOKEN_MIN, VERIFY_LINK_INVALID).max(ACCOUNT_TOKEN_MAX, VERIFY_LINK_INVALID),
});

export const resetPasswordFormSchema = z
  .object({ password, confirmPassword: z.string().min(6, "Password must be at least 6 characters") })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** The profile form (SPEC §5): the name; the e-mail is accepted in the payload (the client resends it) but never applied. */
export const profileSchema = z.object({
  name,
  email: z.string().optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/**
 * PUT /api/profile: the form's payload, or the certificate switch alone (/profile saves it on its own), or both.
 * `showEmailOnCertificates`: print the account e-mail next to the owner's name on NDA certificates (default off).
 */
export const profileUpdateSchema = profileSchema
  .extend({
    name: name.optional(),
    showEmailOnCertificates: z.boolean({ error: "showEmailOnCertificates must be true or false." }).optional(),
  })
  .refine((v) => v.name !== undefined || v.showEmailOnCertificates !== undefined, { error: "Send a name or showEmailOnCertificates." });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** DELETE /api/account: the password (accounts without one confirm by a fresh sign-in and send none). */
export const deleteAccountSchema = z.object({ password: z.string().max(200, "Incorrect password.").optional() });

/** PUT /api/profile/password: the current password proves it is the owner, not a borrowed session. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(200, "Incorrect password."),
    newPassword: password,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: "Choose a password different from the current one.", path: ["newPassword"] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The 'Change password' form: the server's fields plus the confirmation. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(200, "Incorrect password."),
    newPassword: password,
    confirmPassword: z.string().min(1, "Please confirm the new password."),
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: "Choose a password different from the current one.", path: ["newPassword"] })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** POST /api/profile/email: the address to move the account to, and the current password (as a password change). */
export const changeEmailSchema = z.object({
  newEmail: email,
  currentPassword: z.string().min(1, "Enter your current password.").max(200, "Incorrect password."),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** POST /api/auth/confirm-email: the token from the link mailed to the new address. */
export const confirmEmailChangeSchema = z.object({
  token: z
    .string({ error: EMAIL_CHANGE_LINK_INVALID })
    .min(ACCOUNT_TOKEN_MIN, EMAIL_CHANGE_LINK_INVALID)
    .max(ACCOUNT_TOKEN_MAX, EMAIL_CHANGE_LINK_INVALID),
});

/** POST /api/invites: whom to invite (instances in invite mode). */
export const inviteSchema = z.object({ email });
export type InviteInput = z.infer<typeof inviteSchema>;
