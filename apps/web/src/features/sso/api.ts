import { MessageBody, SsoSettings } from '@pc/contract';
import { api } from '../../api/client';

export const fetchSsoSettings = () => api.get('/api/sso-settings', SsoSettings);

/** The spec's call (doc 3 section 7); null turns single sign-on off. */
export const saveSsoSecret = (ssoSecretKey: string | null) =>
  api.patch('/api/profile-update', { ssoSecretKey }, MessageBody);
