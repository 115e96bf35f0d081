import { Me, MessageBody, ProfileResponse } from '@pc/contract';
import { api } from '../../api/client';
import { clearToken } from '../../api/token';

export const fetchMe = () => api.get('/api/me', Me);

export const fetchPartner = async () => (await api.post('/api/get-profile', {}, ProfileResponse)).data;

/** Ends the session on the server when it can; the token goes and the page reloads either way. */
export const signOut = async (): Promise<void> => {
  try {
    await api.post('/auth/sign-out', {}, MessageBody, false);
  } catch {
    // The session is ended locally whatever the server says.
  }
  clearToken();
  window.location.assign('/login');
};

/**
 * Who a token signs in as, asked of the server without storing the token: null when the server
 * refuses it (forged, unsigned, expired or ended). A sign-in link is checked this way before it
 * replaces anything.
 */
export const whoIsSignedInWith = async (token: string): Promise<Me | null> => {
  try {
    const res = await fetch('/api/me', { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    if (!res.ok) return null;
    const parsed = Me.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
