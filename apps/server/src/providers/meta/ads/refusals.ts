import { randomBytes } from 'node:crypto';
import { MetaApiError } from '../graph-error.js';

/**
 * The sandbox Meta Ads' refusals, in Meta's envelope (code, subcode, message, the user-facing title
 * and text, a trace id) as the Graph API answers them. Meta does not document the codes of linking a
 * WhatsApp number to a page; those are its generic 100 "Invalid parameter" with a message that says
 * what went wrong.
 */

const traceId = () => randomBytes(8).toString('base64url');

const refusal = (
  httpStatus: number,
  code: number,
  subcode: number | undefined,
  message: string,
  user?: { title: string; message: string },
) => new MetaApiError(httpStatus, code, subcode, message, user?.title, user?.message, traceId());

/** An id the user does not reach (or that does not exist): what Meta answers for another's asset. */
export const unsupported = (id: string, verb: 'get' | 'post') =>
  refusal(
    400,
    100,
    33,
    `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  );

/** The token is not a login of this app, or has expired. */
export const invalidToken = (reason: 'expired' | 'invalid') =>
  reason === 'expired'
    ? refusal(400, 190, 463, 'Error validating access token: Session has expired.')
    : refusal(400, 190, undefined, 'Invalid OAuth access token - Cannot parse access token');

/** The login did not grant a permission the call needs (one of `scopes`). */
export const missingPermission = (scopes: string[]) =>
  refusal(403, 200, undefined, `(#200) Requires ${scopes.join(' or ')} permission to manage the object`);

export const notInBusiness = (asset: 'ad account' | 'page') =>
  refusal(400, 100, undefined, 'Invalid parameter', {
    title: 'Not in a business portfolio',
    message: `This ${asset} is not in a business portfolio: only a business's assets can be assigned. Move it into a business portfolio first.`,
  });

export const invalidParameter = (message: string) =>
  refusal(400, 100, undefined, 'Invalid parameter', { title: 'Invalid parameter', message });

export const wrongCode = () =>
  refusal(400, 100, undefined, 'Invalid parameter', {
    title: 'Incorrect code',
    message: 'The code you entered is incorrect. Enter the latest code sent to the WhatsApp number.',
  });

export const expiredCode = () =>
  refusal(400, 100, undefined, 'Invalid parameter', {
    title: 'Code expired',
    message: 'The code has expired. Request a new code.',
  });

export const tooManyTries = () =>
  refusal(400, 100, undefined, 'Invalid parameter', {
    title: 'Too many attempts',
    message: 'Too many incorrect codes. Request a new code.',
  });
