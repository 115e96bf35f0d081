import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  onboardingMessages,
  SIGNUP_OTP_LIMITS as limits,
  signupTexts,
  type SignupOtpRequest,
  type VerifySignupOtpRequest,
} from '@pc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors/app-error.js';
import { forgive, takeAttempt } from '../auth/throttle.js';
import type { SignupCtx } from './context.js';
import { grantSignupCredit } from './credit.js';
import { otpGuessRules } from './limits.js';
import { findSignup, updateSignup } from './queries.js';
import { signupOf } from './signup.js';

type OtpInput = z.output<typeof SignupOtpRequest>;

/**
 * The OTP is kept as an HMAC-SHA256 of it and its sign-up's id under the server's secret (from
 * TOKEN_SECRET or DATA_DIR, as the tokens'): a 4-digit code's plain hash is found by trying all
 * 10,000, so a copy of the table alone must not be enough (migration 0045 expired the older ones).
 */
const hashOf = (secret: string, signupId: string, otp: string) =>
  createHmac('sha256', secret).update(`${signupId}:${otp}`).digest('hex');

const secondsLeft = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * POST /api/embed/signup/otp (Verify Phone Number, Regenerate): a new 4-digit OTP by SMS to the
 * number typed, after Facebook is connected. Under the sign-up's row lock, the limits are checked
 * and the send counted before the SMS leaves: a new OTP 30 s after the last at the soonest, 5 a
 * sign-up; a new one replaces the last.
 */
export const sendSignupOtp = async (
  ctx: SignupCtx,
  token: string | undefined,
  input: OtpInput,
  log: FastifyBaseLogger,
) => {
  const { signup, partner } = await signupOf(ctx, token);
  if (!signup.facebookConnectedAt) throw badRequest(signupTexts.connectFirst);
  const now = ctx.now();
  const otp = String(randomInt(0, 10_000)).padStart(4, '0');
  await ctx.db.transaction(async (tx) => {
    const row = (await findSignup(tx, signup.partnerId, signup.id, true))!.signup;
    if (row.otpSentAt) {
      const next = new Date(row.otpSentAt.getTime() + limits.resendSeconds * 1000);
      if (next > now) throw tooManyRequests(signupTexts.otpTooSoon(secondsLeft(next, now)), secondsLeft(next, now));
    }
    if (row.otpSends >= limits.sends) throw tooManyRequests(signupTexts.otpTooMany);
    await updateSignup(tx, row, {
      otpDialCode: input.dialCode,
      otpMobile: input.mobile,
      otpHash: hashOf(ctx.otpSecret, row.id, otp),
      otpExpiresAt: new Date(now.getTime() + limits.ttlMinutes * 60_000),
      otpSentAt: now,
      otpSends: row.otpSends + 1,
      otpWrongTries: 0,
    });
  });
  const brand = partner.brandName ?? partner.name;
  try {
    await ctx.sms.sms.send({
      to: `${input.dialCode}${input.mobile}`,
      text: `${otp} is your ${brand} verification code. It expires in ${limits.ttlMinutes} minutes.`,
    });
  } catch (error) {
    log.warn({ err: error }, 'the sign-up OTP could not be sent');
    throw new AppError('PROVIDER_UNAVAILABLE', 502, onboardingMessages.otpFailed);
  }
  return { message: signupTexts.otpSent, resendAfterSeconds: limits.resendSeconds };
};

/**
 * POST /api/embed/signup/verify-otp: the OTP sent last, within 10 minutes, at most 5 wrong tries
 * (then a new one must be sent). A wrong try is counted in its own committed statement. Besides,
 * every guess is counted first, atomically, per phone number and per client address (limits.ts),
 * so new sign-ups or new codes do not buy more guesses at one number; a right one is given back.
 */
export const verifySignupOtp = async (
  ctx: SignupCtx,
  token: string | undefined,
  input: VerifySignupOtpRequest,
  address: string,
) => {
  const { signup } = await signupOf(ctx, token);
  const now = ctx.now();
  const phone = `${signup.otpDialCode ?? signup.dialCode}${signup.otpMobile ?? signup.mobile}`;
  const rules = otpGuessRules(ctx.env, phone, address);
  await takeAttempt(ctx.db, rules, now, () => signupTexts.otpTooManyTries);
  const verdict = await ctx.db.transaction(async (tx) => {
    const row = (await findSignup(tx, signup.partnerId, signup.id, true))!.signup;
    if (!row.otpHash || !row.otpExpiresAt || row.otpExpiresAt <= now) return 'wrong' as const;
    if (row.otpWrongTries >= limits.tries) return 'too-many' as const;
    const expected = Buffer.from(hashOf(ctx.otpSecret, row.id, input.otp), 'hex');
    const stored = Buffer.from(row.otpHash, 'hex');
    const right = stored.length === expected.length && timingSafeEqual(stored, expected);
    if (!right) {
      await updateSignup(tx, row, { otpWrongTries: row.otpWrongTries + 1 });
      return 'wrong' as const;
    }
    await updateSignup(tx, row, { phoneVerifiedAt: row.phoneVerifiedAt ?? now, otpHash: null, otpExpiresAt: null });
    // The opening credit comes with the first verification only (a new code later gives none).
    if (!row.phoneVerifiedAt) await grantSignupCredit(tx, row);
    return 'verified' as const;
  });
  if (verdict === 'verified')
    await forgive(
      ctx.db,
      [],
      rules.map((r) => r.key),
    );
  if (verdict === 'too-many') throw tooManyRequests(signupTexts.otpTooManyTries);
  if (verdict === 'wrong') throw badRequest(signupTexts.otpWrong, { otp: signupTexts.otpWrong });
  return { message: signupTexts.phoneVerified };
};

/** GET /api/embed/signup/sandbox-phone: what the sandbox phone of a number received (sandbox only). */
export const signupSandboxPhone = async (ctx: SignupCtx, token: string | undefined, input: OtpInput) => {
  await signupOf(ctx, token);
  if (!ctx.sms.sandbox) throw badRequest('There is no sandbox phone: text messages go through the SMS gateway.');
  return { inbox: await ctx.sms.sandbox.inbox(ctx.db, `${input.dialCode}${input.mobile}`) };
};
