import { PasswordResetRequest, ProfileUpdateRequest, messages, type Partner } from '@pc/contract';
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

export const ProfileForm = z
  .object({
    faviconUrl: optionalUrl,
    brandLogoUrl: optionalUrl,
    webhookUrl: optionalUrl,
    loadingGifUrl: optionalUrl,
    oldPassword: z.string(),
    newPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.oldPassword && !values.newPassword) return;
    const parsed = PasswordResetRequest.safeParse({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
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
