import type { Brand } from '../../brand/brand';
import { previewTexts as t } from './texts';

/** Where a brand setting is changed: the Profile's Brand section, Manage's colours, or the platform. */
export type EditedIn = 'profile' | 'colors' | 'platform';

export type ChecklistItem = { key: string; label: string; set: boolean; detail: string; editedIn: EditedIn };

/** Each part of the brand, whether it is set, and what shows in its place when it is not. */
export const brandChecklist = (brand: Brand, loadingGifUrl: string | null): ChecklistItem[] => [
  {
    key: 'name',
    label: t.brandName,
    set: brand.name !== null,
    detail: brand.name ?? t.brandNameHint,
    editedIn: 'platform',
  },
  {
    key: 'logo',
    label: t.logo,
    set: brand.logoUrl !== null,
    detail: brand.logoUrl ?? t.defaultLogo,
    editedIn: 'profile',
  },
  {
    key: 'favicon',
    label: t.favicon,
    set: brand.faviconUrl !== null,
    detail: brand.faviconUrl ?? t.defaultFavicon,
    editedIn: 'profile',
  },
  {
    key: 'colors',
    label: t.colors,
    set: brand.colors !== null,
    detail: brand.colors ? `${brand.colors.primary} on ${brand.colors.background}` : t.defaultColors,
    editedIn: 'colors',
  },
  {
    key: 'loading',
    label: t.loadingGif,
    set: loadingGifUrl !== null,
    detail: loadingGifUrl ?? t.defaultLoading,
    editedIn: 'profile',
  },
];
