import { messages, type PasswordResetRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Viewer } from '../../platform/auth/viewer.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { findAccountById, setPasswordHash } from './accounts.js';
import { passwordCheckRules } from './limits.js';
import { openSession, revokeSessionsOf, type Device } from './sessions.js';
import { forgive, takeAttempt } from './throttle.js';

const subjectOf = (viewer: Viewer) => (viewer.kind === 'agent' ? viewer.agentId : viewer.adminId);

/**
 * Checks the current password, sets the new one and ends every session of the user; the caller
 * goes on with the new token it gets back.
 */
export const changePassword = async (deps: Deps, viewer: Viewer, input: PasswordResetRequest, from: Device) => {
  const account = await findAccountById(
    deps.db,
    viewer.kind,
    subjectOf(viewer),
    viewer.kind === 'agent' ? viewer.partnerId : undefined,
  );
  if (!account) throw notFound();
  const rules = passwordCheckRules(deps.env, account.id);
  await takeAttempt(deps.db, rules, deps.now(), messages.tooManyPasswordChecks);
  if (!(await verifyPassword(account.passwordHash, input.oldPassword))) {
    throw badRequest(messages.wrongOldPassword, { oldPassword: messages.wrongOldPassword });
  }
  await forgive(
    deps.db,
    rules.map((r) => r.key),
  );
  const passwordHash = await hashPassword(input.newPassword);
  const token = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, account.kind, account.id, passwordHash, account.partnerId);
    await revokeSessionsOf(tx, account.id, deps.now());
    // A member's change is in their partner's activity log, without a trace of either password.
    if (viewer.kind === 'agent')
      await recordPartnerChange(tx, viewer, {
        action: 'member.password',
        target: { kind: 'member', id: viewer.agentId, name: viewer.name },
      });
    return openSession(deps, tx, account, from);
  });
  return { token };
};
