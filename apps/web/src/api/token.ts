import type { TokenClaims } from '@pc/contract';

const TOKEN_KEY = 'token';
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);

export const setToken = (token: string): void => {
  localStorage.setItem(TOKEN_KEY, token);
  notify();
};

/** `quiet`: the page is about to be left, so the app is not told (it would redirect on its own first). */
export const clearToken = (opts: { quiet?: boolean } = {}): void => {
  localStorage.removeItem(TOKEN_KEY);
  if (!opts.quiet) notify();
};

export const subscribeToken = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

let lastRead: { token: string; claims: Partial<TokenClaims> | null } | null = null;

/**
 * Reads the claims without verifying them: the server verifies; the web only needs exp. The last
 * token's are kept: a page's start asks several times, and decoding is a few milliseconds on a phone.
 */
export const readClaims = (token: string): Partial<TokenClaims> | null => {
  if (lastRead?.token !== token) lastRead = { token, claims: decodeClaims(token) };
  return lastRead.claims;
};

const decodeClaims = (token: string): Partial<TokenClaims> | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
};

export const isTokenExpired = (token: string, now: number = Date.now()): boolean => {
  const exp = readClaims(token)?.exp;
  return typeof exp !== 'number' || exp * 1000 <= now;
};

/** On start: an expired or unreadable token is removed, so the user lands on sign-in. */
export const dropExpiredToken = (): void => {
  const token = getToken();
  if (token && isTokenExpired(token)) clearToken();
};
