import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs every webhook POST with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256
 * of the raw body>`. The sandbox signs its deliveries the same way, so the receiving endpoint has one
 * code path for both.
 */

const header = /^sha256=([0-9a-f]{64})$/i;

const digest = (appSecret: string, rawBody: Buffer | string): Buffer =>
  createHmac('sha256', appSecret).update(rawBody).digest();

/** The `X-Hub-Signature-256` value of a body. */
export const signMetaPayload = (appSecret: string, rawBody: Buffer | string): string =>
  `sha256=${digest(appSecret, rawBody).toString('hex')}`;

/**
 * Whether the header is the signature of exactly these bytes. The body must be the raw bytes as
 * received (not re-serialised JSON: key order and whitespace change the digest). Compared in
 * constant time so a forger learns nothing from how long the answer took.
 */
export const verifyMetaSignature = (appSecret: string, rawBody: Buffer, signature: string | undefined): boolean => {
  const match = signature ? header.exec(signature.trim()) : null;
  if (!match) return false;
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), digest(appSecret, rawBody));
};
