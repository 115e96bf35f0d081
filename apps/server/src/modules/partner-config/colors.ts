import { eq } from 'drizzle-orm';
import { colorTexts, type ProfileColors } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { Db } from '../../platform/db/open.js';
import { partners } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { getPartner } from '../partners/partner.js';
import { lockPartner } from '../partners/queries.js';

/** The partner's console colours; none saved yet answers the spec's 'No profile color found'. */
export const profileColorsOf = async (db: Db, partnerId: string) => {
  const colors = (await getPartner(db, partnerId)).profileColors;
  return colors ? { colorObj: colors } : { colorObj: null, message: colorTexts.notFound };
};

/**
 * New colours, stored as sent (checked #RGB or #RRGGBB by the contract). The console and the
 * partner's public pages take them from the profile and the tenant answer, so they re-theme at once.
 */
export const setProfileColors = async (db: Db, viewer: AgentViewer, colors: ProfileColors) => {
  const next = { primary: colors.primary.toLowerCase(), background: colors.background.toLowerCase() };
  await db.transaction(async (tx) => {
    const partner = await lockPartner(tx, viewer.partnerId);
    if (!partner) throw notFound();
    await tx.update(partners).set({ profileColors: next }).where(eq(partners.id, partner.id));
    const { keys, before, after } = changedFields<Partial<typeof next>>(partner.profileColors ?? {}, next);
    if (keys.length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'partner.brand',
        target: { kind: 'partner', id: partner.id, name: partner.name },
        before: partner.profileColors ? before : null,
        after,
      });
  });
  return { message: colorTexts.updated };
};
