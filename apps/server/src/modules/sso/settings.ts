import { SSO_SIGN_IN_PATH, ssoCookieName, type SsoSettings } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { notFound } from '../../platform/errors/app-error.js';
import { findSsoPartner } from './queries.js';

/** Whether a secret is saved (only its last 4 characters: the secret itself is shown once, when generated). */
export const getSsoSettings = async (db: DbOrTx, partnerId: string): Promise<SsoSettings> => {
  const partner = await findSsoPartner(db, partnerId);
  if (!partner) throw notFound();
  return {
    secretSet: !!partner.secret,
    secretEnding: partner.secret ? partner.secret.slice(-4) : null,
    cookieName: ssoCookieName(partner.brandName, partner.name),
    signInPath: SSO_SIGN_IN_PATH,
  };
};
