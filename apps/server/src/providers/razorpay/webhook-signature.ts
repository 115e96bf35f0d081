import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay signs each webhook it sends: `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw
 * request body under the webhook secret set for it in the dashboard (its docs: "Validate and Test
 * Webhooks"). The sandbox's deliveries and the tests sign the same way.
 */
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';
/** The event's id, the same on every delivery of it. */
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';

const hex = /^[0-9a-f]{64}$/i;

const digest = (secret: string, rawBody: Buffer | string): Buffer =>
  createHmac('sha256', secret).update(rawBody).digest();

/** The `X-Razorpay-Signature` value of a body. */
export const signRazorpayWebhook = (secret: string, rawBody: Buffer | string): string =>
  digest(secret, rawBody).toString('hex');

/**
 * Whether the header is the signature of exactly these bytes (the raw body as received: parsed and
 * re-serialised JSON would differ), compared in constant time so a forger learns nothing from how
 * long the answer took. No secret configured lets nothing in.
 */
export const verifyRazorpayWebhook = (
  secret: string | null,
  rawBody: Buffer,
  signature: string | undefined,
): boolean => {
  const given = signature?.trim();
  if (!secret || !given || !hex.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), digest(secret, rawBody));
};
