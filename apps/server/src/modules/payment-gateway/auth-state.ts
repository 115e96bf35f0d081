import { createHash, randomBytes } from 'node:crypto';

/** How long an authorisation may take, from Connect to the callback. */
export const AUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** A fresh `state`: 256 random bits, base64url. */
export const newAuthState = () => randomBytes(32).toString('base64url');

/** Only this is stored: a database reader cannot complete someone's authorisation. */
export const hashAuthState = (state: string) => createHash('sha256').update(state, 'utf8').digest('base64url');
