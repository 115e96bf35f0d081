import type { Env } from '../../env.js';
import type { ThrottleRule } from '../auth/throttle.js';

/**
 * The embedded sign-up's counters per client address and per phone number, in the same atomic
 * window counters as the sign-in limits (auth/throttle.ts: one upsert answers the new count, so
 * concurrent calls each see a distinct count). The partner's own hourly cap is counted under its
 * lock (start.ts); these keep one address from using it up.
 */
const HOUR_MS = 60 * 60_000;

/** New sign-ups one address may start an hour, whatever the partner. */
export const signupAddressRule = (env: Env, address: string): ThrottleRule => ({
  key: `signup-address:${address}`,
  limit: env.SIGNUPS_PER_ADDRESS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** OTP guesses an hour at one phone number (whichever sign-up sent it) and from one address. */
export const otpGuessRules = (env: Env, phone: string, address: string): ThrottleRule[] => [
  { key: `signup-otp-phone:${phone}`, limit: env.SIGNUP_OTP_GUESSES_PER_PHONE_PER_HOUR, windowMs: HOUR_MS },
  { key: `signup-otp-address:${address}`, limit: env.SIGNUP_OTP_GUESSES_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS },
];
