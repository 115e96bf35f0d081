import { z } from 'zod';

/** Spec doc 3 sections 2 and 8: the partner's console colours. */
export const colorTexts = {
  notFound: 'No profile color found',
  changeFailed: 'Profile colors change failed',
  // Ours.
  invalid: 'Enter a colour as # followed by 3 or 6 hexadecimal digits, e.g. #0b6e4f.',
  updated: 'Profile colors updated',
  title: 'Configure Profile',
  primary: 'Primary',
  background: 'Background',
  save: 'Save',
  help: 'The colours of your console and of its sign-in and sign-up pages.',
} as const;

export const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** The colour inputs add a leading # when it is missing (doc 3 section 5). */
export const withHash = (typed: string): string => {
  const value = typed.trim();
  return value === '' || value.startsWith('#') ? value : `#${value}`;
};

/** The profile colour object (doc 3 section 3): the console's primary and background colours. */
export const ProfileColors = z.object({
  primary: z.string().regex(HEX_COLOR, colorTexts.invalid),
  background: z.string().regex(HEX_COLOR, colorTexts.invalid),
});
export type ProfileColors = z.infer<typeof ProfileColors>;
/**
 * The saved colours; none saved yet is no error but the spec's message (doc 3 section 8, "Colour
 * load: server message or 'No profile color found'"), with `colorObj` null.
 */
export const ProfileColorResponse = z.object({ colorObj: ProfileColors.nullable(), message: z.string().optional() });
export type ProfileColorResponse = z.infer<typeof ProfileColorResponse>;
export const UpdateProfileColorRequest = z.object({ colorObj: ProfileColors });
export type UpdateProfileColorRequest = z.infer<typeof UpdateProfileColorRequest>;
