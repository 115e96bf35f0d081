import type { LoginRequest } from '@pc/contract';
import { api } from '../../api/client';
import { early } from '../../api/early';

// A 401 here is a wrong password, not an ended session.
export const login = (body: LoginRequest) => api.post('/auth/login', body, early('TokenResponse'), false);

export const sendPasswordResetEmail = (email: string) =>
  api.post('/auth/send-password-reset-email', { email }, early('MessageBody'), false);

export const setNewPassword = (token: string, newPassword: string) =>
  api.post('/auth/set-new-password', { token, newPassword }, early('MessageBody'), false);
