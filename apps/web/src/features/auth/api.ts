import { MessageBody, TokenResponse, type LoginRequest } from '@pc/contract';
import { api } from '../../api/client';

// A 401 here is a wrong password, not an ended session.
export const login = (body: LoginRequest) => api.post('/auth/login', body, TokenResponse, false);

export const sendPasswordResetEmail = (email: string) =>
  api.post('/auth/send-password-reset-email', { email }, MessageBody, false);

export const setNewPassword = (token: string, newPassword: string) =>
  api.post('/auth/set-new-password', { token, newPassword }, MessageBody, false);
