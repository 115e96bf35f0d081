import type { Me } from '@pc/contract';
import { api } from '../api/client';
import { early } from '../api/early';
import { clearToken } from '../api/token';

export const fetchMe = () => api.get('/api/me', early('Me'));

export const fetchPartner = async () => (await api.post('/api/get-profile', {}, early('ProfileResponse'))).data;

/** Ends the session on the server when it can; the token goes and the sign-in page loads either way. */
export const signOut = async (): Promise<void> => {
  try {
    await api.post('/auth/sign-out', {}, early('MessageBody'), false);
  } catch {
    // The session is ended locally whatever the server says.
  }
  // Straight to a fresh sign-in page: told first, the sign-in guard would redirect with "come back
  // here", and the next sign-in (perhaps someone else's) would land on this page.
  clearToken({ quiet: true });
  window.location.replace('/login');
};

/**
 * What the server says of a token, asked without storing it: who it signs in as, `refused` (forged,
 * unsigned, expired or ended) or `unchecked` (no answer: network, 5xx). A sign-in link is checked
 * this way before it replaces anything, and only a clear answer lets it.
 */
export type TokenCheck = Me | 'refused' | 'unchecked';

export const whoIsSignedInWith = async (token: string): Promise<TokenCheck> => {
  try {
    const res = await fetch('/api/me', { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    if (res.status >= 400 && res.status < 500) return 'refused';
    if (!res.ok) return 'unchecked';
    const parsed = (await early('Me')()).safeParse(await res.json());
    return parsed.success ? parsed.data : 'unchecked';
  } catch {
    return 'unchecked';
  }
};
