import type { Env } from '../../env.js';
import { hashedKey, type ThrottleRule } from './throttle.js';

/** The attempt limits of the auth calls, from configuration (docs/decisions.md, "Abuse limits"). */
const signInWindow = (env: Env) => env.SIGN_IN_WINDOW_MINUTES * 60_000;

/** The account key comes first: an address over its limit still counts against the typed account. */
export const signInRules = (env: Env, userName: string, address: string): ThrottleRule[] => [
  { key: hashedKey('account', userName), limit: env.SIGN_IN_LIMIT_PER_ACCOUNT, windowMs: signInWindow(env) },
  { key: `address:${address}`, limit: env.SIGN_IN_LIMIT_PER_ADDRESS, windowMs: signInWindow(env) },
];

/** The change-password call's check of the current password, per signed-in user, like sign-in. */
export const passwordCheckRules = (env: Env, subjectId: string): ThrottleRule[] => [
  { key: `password-check:${subjectId}`, limit: env.SIGN_IN_LIMIT_PER_ACCOUNT, windowMs: signInWindow(env) },
];

/** Reset mails per typed email (known or not, so the limit reveals nothing) and per client address. */
export const resetMailRules = (env: Env, email: string, address: string): ThrottleRule[] => [
  {
    key: hashedKey('reset-mail', email),
    limit: env.RESET_MAIL_LIMIT_PER_ACCOUNT,
    windowMs: env.RESET_MAIL_WINDOW_MINUTES * 60_000,
  },
  {
    key: `reset-mail-address:${address}`,
    limit: env.RESET_MAIL_LIMIT_PER_ADDRESS,
    windowMs: env.RESET_MAIL_WINDOW_MINUTES * 60_000,
  },
];

/**
 * The longest of the windows above and the embedded sign-up's hour (embedded-signup/limits.ts): a
 * counter older than this is over under every rule.
 */
export const longestWindowMs = (env: Env) =>
  Math.max(env.SIGN_IN_WINDOW_MINUTES, env.RESET_MAIL_WINDOW_MINUTES, 60) * 60_000;
