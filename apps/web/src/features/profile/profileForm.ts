import { ProfileUpdateRequest, messages, type Partner } from '@pc/contract';
import { z } from 'zod';

export const brandUrlFields = ['faviconUrl', 'brandLogoUrl', 'webhookUrl', 'loadingGifUrl'] as const;
export type BrandUrlField = (typeof brandUrlFields)[number];

// Empty means no URL: a field emptied is sent as null and cleared.
const optionalUrl = z
  .string()
  .refine(
    (value) => value.trim() === '' || ProfileUpdateRequest.shape.faviconUrl.safeParse(value.trim()).success,
    messages.invalidUrl,
  );

/**
 * The brand URLs are checked here; the password pair is not: "A password change is sent if either
 * password field is filled" (doc 1), and the server's answer (a current password missing or wrong,
 * a new one too weak) is what the user sees.
 */
export const ProfileForm = z.object({
  faviconUrl: optionalUrl,
  brandLogoUrl: optionalUrl,
  webhookUrl: optionalUrl,
  loadingGifUrl: optionalUrl,
  oldPassword: z.string(),
  newPassword: z.string(),
});
export type ProfileFormValues = z.infer<typeof ProfileForm>;

export const formValuesOf = (partner: Partner | null): ProfileFormValues => ({
  faviconUrl: partner?.faviconUrl ?? '',
  brandLogoUrl: partner?.brandLogoUrl ?? '',
  webhookUrl: partner?.webhookUrl ?? '',
  loadingGifUrl: partner?.loadingGifUrl ?? '',
  oldPassword: '',
  newPassword: '',
});

/** The brand URLs that differ from what the partner has: a new value, or null for one emptied. */
export const profileChanges = (values: ProfileFormValues, partner: Partner | null): ProfileUpdateRequest => {
  const changes: ProfileUpdateRequest = {};
  for (const field of brandUrlFields) {
    const value = values[field].trim();
    const saved = partner?.[field] ?? '';
    if (value !== saved) changes[field] = value || null;
  }
  return changes;
};
