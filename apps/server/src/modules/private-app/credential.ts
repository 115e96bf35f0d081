import type { Env } from '../../env.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { passwordHasher } from './password.js';
import { findAppForCredential } from './queries.js';

/** A placeholder digest compared when the app is unknown, so an unknown id costs what a wrong password does. */
const NO_HASH = '0'.repeat(64);

/**
 * The project API's sign-in: the app's project and partner when `password` is the app's current
 * one, else null (unknown app, wrong or reset password, or an archived project). Whether the
 * project may still use the API (its plan, the partner's plan type) is for the caller to judge.
 */
export const verifyPrivateAppCredential = async (
  db: DbOrTx,
  env: Env,
  privateAppId: string,
  password: string,
): Promise<{ projectId: string; partnerId: string } | null> => {
  const app = await findAppForCredential(db, privateAppId);
  const matches = passwordHasher(env).matches(password, app?.passwordHash ?? NO_HASH);
  if (!app || !matches || app.partnerArchived) return null;
  return { projectId: app.projectId, partnerId: app.partnerId };
};
