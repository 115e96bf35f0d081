import { z } from 'zod';
import { messages } from './messages.js';
import { Partner } from './partner.js';
import { SSO_SECRET_MAX, SSO_SECRET_MIN, ssoSecretPattern } from './sso.js';

export const ProfileResponse = z.object({ data: Partner });

/** An http(s) URL, or a path on the console's own host (e.g. "/brand/logo.svg"). */
export const URL_MAX_LENGTH = 2048;
const url = z
  .union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[^/\s][^\s]*$/)], { error: messages.invalidUrl })
  .refine((u) => u.length <= URL_MAX_LENGTH, messages.invalidUrl);

/**
 * Only the fields that changed are sent; all of them are the owner's to change. A brand URL sent as
 * null is cleared (the owner emptied it; "only filled fields" would have kept the old one).
 */
export const ProfileUpdateRequest = z
  .object({
    brandName: z.string().trim().min(1).max(80),
    faviconUrl: url.nullable(),
    brandLogoUrl: url.nullable(),
    webhookUrl: url.nullable(),
    loadingGifUrl: url.nullable(),
    /** null clears it: single sign-on is then off. */
    ssoSecretKey: z
      .string()
      .regex(ssoSecretPattern, `SSO secret must be ${SSO_SECRET_MIN} to ${SSO_SECRET_MAX} letters or digits`)
      .nullable(),
  })
  .partial();
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;
