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
