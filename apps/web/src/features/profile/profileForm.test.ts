import { messages } from '@pc/contract';
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

  it('checks the password pair only when either is filled', () => {
    expect(ProfileForm.safeParse(values({ oldPassword: 'old' })).success).toBe(false);
    expect(ProfileForm.safeParse(values({ oldPassword: 'old', newPassword: 'Longer@123' })).success).toBe(true);
  });

  it('says a missing current password is missing, not wrong', () => {
    const parsed = ProfileForm.safeParse(values({ newPassword: 'Longer@123' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['oldPassword', messages.currentPasswordRequired],
    ]);
  });
});
