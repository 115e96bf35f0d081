import { z } from 'zod';
import { messages } from './messages.js';
import { Partner } from './partner.js';

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
    ssoSecretKey: z.string().regex(/^[A-Za-z0-9]{16,128}$/, 'SSO secret must be 16 to 128 letters or digits'),
  })
  .partial();
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;
