import { describe, expect, it } from 'vitest';
import { formValuesOf, ProfileForm, profileChanges } from './profileForm';

const values = (overrides: Partial<ReturnType<typeof formValuesOf>> = {}) => ({ ...formValuesOf(null), ...overrides });

describe('profile form', () => {
  it('sends only filled brand URLs that changed', () => {
    const partner = {
      faviconUrl: '/f.svg',
      brandLogoUrl: null,
      webhookUrl: 'https://a.io/h',
      loadingGifUrl: null,
    } as never;
    expect(
      profileChanges(values({ faviconUrl: '/f.svg', webhookUrl: ' https://b.io/h ', loadingGifUrl: '' }), partner),
    ).toEqual({ webhookUrl: 'https://b.io/h' });
  });

  it('accepts empty URLs, refuses malformed ones', () => {
    expect(ProfileForm.safeParse(values()).success).toBe(true);
    expect(ProfileForm.safeParse(values({ webhookUrl: 'not a url' })).success).toBe(false);
  });

  it('checks the password pair only when either is filled', () => {
    expect(ProfileForm.safeParse(values({ oldPassword: 'old' })).success).toBe(false);
    expect(ProfileForm.safeParse(values({ oldPassword: 'old', newPassword: 'Longer@123' })).success).toBe(true);
  });
});
