import { eq } from 'drizzle-orm';
import { colorTexts, type ProfileColors } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { partners } from '../../platform/db/schema.js';
import { getPartner } from '../partners/partner.js';

/** The partner's console colours; none saved yet answers the spec's 'No profile color found'. */
export const profileColorsOf = async (db: Db, partnerId: string) => {
  const colors = (await getPartner(db, partnerId)).profileColors;
  return colors ? { colorObj: colors } : { colorObj: null, message: colorTexts.notFound };
};

/**
 * New colours, stored as sent (checked #RGB or #RRGGBB by the contract). The console and the
 * partner's public pages take them from the profile and the tenant answer, so they re-theme at once.
 */
export const setProfileColors = async (db: Db, partnerId: string, colors: ProfileColors) => {
  await db
    .update(partners)
    .set({ profileColors: { primary: colors.primary.toLowerCase(), background: colors.background.toLowerCase() } })
    .where(eq(partners.id, partnerId));
  return { message: colorTexts.updated };
};
