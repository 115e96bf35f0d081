import { MessageBody, TokenResponse, type PasswordResetRequest, type ProfileUpdateRequest } from '@pc/contract';
import { api } from '../../api/client';

export const updateProfile = (body: ProfileUpdateRequest) => api.patch('/api/profile-update', body, MessageBody);

// A wrong current password must not end the session, whatever status the server uses for it.
export const changePassword = (body: PasswordResetRequest) =>
  api.post('/auth/password-reset', body, TokenResponse, false);
