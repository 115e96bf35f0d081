import { z } from 'zod';
import { messages } from './messages.js';
import { AccessLevel } from './access-level.js';

const required = (text: string) => z.string({ error: text }).trim().min(1, text);

export const LoginRequest = z.object({
  userName: required(messages.fieldsCantBeEmpty),
  password: z.string({ error: messages.fieldsCantBeEmpty }).min(1, messages.fieldsCantBeEmpty),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const NEW_PASSWORD_MIN = 8;
const newPassword = z
  .string({ error: messages.newPasswordTooShort })
  .min(NEW_PASSWORD_MIN, messages.newPasswordTooShort);

export const PasswordResetRequest = z.object({
  oldPassword: z.string({ error: messages.currentPasswordRequired }).min(1, messages.currentPasswordRequired),
  newPassword,
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const SendPasswordResetEmailRequest = z.object({
  email: z.email({ error: messages.invalidEmail }),
});

/** Ours: the page the reset mail links to sends the mailed token and the new password. */
export const SetNewPasswordRequest = z.object({
  token: z.string().min(1, messages.resetLinkInvalid),
  newPassword,
});

/** Ours: the signed-in user, loaded after sign-in and on start (the spec does not show this call). */
export const Me = z.object({
  kind: z.enum(['agent', 'superadmin']),
  /** The spec's login user (doc 1 section 3): the signed-in account's id, a member's or staff's. */
  id: z.string(),
  /** The member's id (the same as `id` and `agent._id`); null for platform staff, who are no partner's agent. */
  agentId: z.string().nullable(),
  agent: z
    .object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      loginUsername: z.string(),
      agentRole: z.string(),
      isReferral: z.boolean(),
      partnerId: z.string(),
    })
    .nullable(),
  accessLevel: AccessLevel,
  name: z.string(),
});
export type Me = z.infer<typeof Me>;

/**
 * Claims the web may read from the token without verifying it (to sign out an expired one; `ref`, a
 * referral agent, to leave out the balance and usage calls such a user is refused).
 */
export type TokenClaims = {
  sub: string;
  sid: string;
  kind: 'agent' | 'superadmin';
  pid?: string;
  ref?: boolean;
  exp: number;
};
