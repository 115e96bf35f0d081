import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { messages } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { passwordResetTokens } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { findAccountByLogin, setPasswordHash } from './accounts.js';
import { resetMailRules } from './limits.js';
import { revokeSessionsOf } from './sessions.js';
import { takeAttempt } from './throttle.js';
import { businessesForSetupMail, setBusinessPasswordHash } from '../businesses/setup-mail.js';

export const RESET_LINK_TTL_MS = 60 * 60_000;
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mails a one-hour link to set a new password. The answer is the same whether or not the email is known. */
export const sendPasswordResetEmail = async (deps: Deps, email: string, address: string) => {
  // Counted whether or not the email is known, before anything is looked up or mailed.
  await takeAttempt(deps.db, resetMailRules(deps.env, email, address), deps.now(), messages.tooManyResetMails);
  const account = await findAccountByLogin(deps.db, email);
  if (account && !account.disabled && account.email.toLowerCase() === email.trim().toLowerCase()) {
    const token = randomBytes(32).toString('base64url');
    await deps.db.insert(passwordResetTokens).values({
      tokenHash: digest(token),
      subjectKind: account.kind,
      subjectId: account.id,
      expiresAt: new Date(deps.now().getTime() + RESET_LINK_TTL_MS),
    });
    const link = `${deps.env.publicUrl}/reset-password?token=${token}`;
    await deps.mail.send({
      to: account.email,
      subject: 'Set a new password for your Partner Dashboard',
      text: `Hello ${account.name},\n\nUse this link within one hour to set a new password:\n${link}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(account.name)},</p><p>Use this link within one hour to set a new password:</p><p><a href="${link}">Set a new password</a></p><p>If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
    });
  } else if (!account) {
    await sendBusinessSetupMails(deps, email);
  }
  return { message: messages.resetMailSent };
};

/** Spends a mailed link: sets the password, ends every session, and the link cannot be used again. */
export const setNewPassword = async (deps: Deps, token: string, newPassword: string) => {
  const now = deps.now();
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, digest(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!used) throw badRequest(messages.resetLinkInvalid);
    if (used.subjectKind === 'business') await setBusinessPasswordHash(tx, used.subjectId, passwordHash);
    else await setPasswordHash(tx, used.subjectKind, used.subjectId, passwordHash);
    await revokeSessionsOf(tx, used.subjectId, now);
  });
  return { message: messages.passwordSetViaLink };
};

/** A business email (non-DIRECT partners) gets a link that sets the business's password; same answer as above. */
const sendBusinessSetupMails = async (deps: Deps, email: string) => {
  for (const business of await businessesForSetupMail(deps.db, email)) {
    const token = randomBytes(32).toString('base64url');
    await deps.db.insert(passwordResetTokens).values({
      tokenHash: digest(token),
      subjectKind: 'business',
      subjectId: business.id,
      expiresAt: new Date(deps.now().getTime() + RESET_LINK_TTL_MS),
    });
    const link = `${deps.env.publicUrl}/reset-password?token=${token}`;
    await deps.mail.send({
      to: business.email,
      subject: 'Set up the password of your business account',
      text: `Hello ${business.name},\n\nUse this link within one hour to set the password of your business account:\n${link}\n`,
      html: `<p>Hello ${escapeHtml(business.name)},</p><p>Use this link within one hour to set the password of your business account:</p><p><a href="${link}">Set your password</a></p>`,
    });
  }
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
