import { describe, expect, it } from 'vitest';
import { formValuesOf, ProfileForm, profileChanges } from './profileForm';

const values = (overrides: Partial<ReturnType<typeof formValuesOf>> = {}) => ({ ...formValuesOf(null), ...overrides });

describe('profile form', () => {
  it('sends the brand URLs that changed, an emptied one as null (cleared)', () => {
    const partner = {
      faviconUrl: '/f.svg',
      brandLogoUrl: null,
      webhookUrl: 'https://a.io/h',
      loadingGifUrl: null,
    } as never;
    expect(
      profileChanges(values({ faviconUrl: '/f.svg', webhookUrl: ' https://b.io/h ', loadingGifUrl: '' }), partner),
    ).toEqual({ webhookUrl: 'https://b.io/h' });
    expect(profileChanges(values({ faviconUrl: '', webhookUrl: 'https://a.io/h' }), partner)).toEqual({
      faviconUrl: null,
    });
  });

  it('accepts empty URLs, refuses malformed ones', () => {
    expect(ProfileForm.safeParse(values()).success).toBe(true);
    expect(ProfileForm.safeParse(values({ webhookUrl: 'not a url' })).success).toBe(false);
  });

  it('leaves the password pair to the server: either field filled is sent as it is (doc 1)', () => {
    expect(ProfileForm.safeParse(values({ oldPassword: 'old' })).success).toBe(true);
    expect(ProfileForm.safeParse(values({ newPassword: 'Longer@123' })).success).toBe(true);
  });
});
