import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LoginRequest,
  Me,
  MessageBody,
  PasswordResetRequest,
  SendPasswordResetEmailRequest,
  SetNewPasswordRequest,
  TokenResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { viewerOf } from '../../platform/access/access.js';
import { revokeSession } from './sessions.js';
import { changePassword } from './change-password.js';
import { login } from './login.js';
import { me } from './me.js';
import { sendPasswordResetEmail, setNewPassword } from './reset-mail.js';

const tags = ['auth'];

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const from = (request: { ip: string; headers: Record<string, unknown> }) => ({
      ip: request.ip,
      device: String(request.headers['user-agent'] ?? ''),
    });

    app.post(
      '/auth/login',
      {
        config: { access: 'public', publicLimit: 'signIn' },
        schema: { tags, body: LoginRequest, response: { 200: TokenResponse } },
      },
      (request) => login(deps, request.body, from(request)),
    );

    app.post(
      '/auth/password-reset',
      {
        config: { access: 'authenticated' },
        schema: { tags, body: PasswordResetRequest, response: { 200: TokenResponse } },
      },
      (request) => changePassword(deps, viewerOf(request), request.body, from(request)),
    );

    app.post(
      '/auth/send-password-reset-email',
      {
        config: { access: 'public', publicLimit: 'signIn' },
        schema: { tags, body: SendPasswordResetEmailRequest, response: { 200: MessageBody } },
      },
      (request) => sendPasswordResetEmail(deps, request.body.email, request.ip),
    );

    app.post(
      '/auth/set-new-password',
      {
        config: { access: 'public', publicLimit: 'signIn' },
        schema: { tags, body: SetNewPasswordRequest, response: { 200: MessageBody } },
      },
      (request) => setNewPassword(deps, request.body.token, request.body.newPassword),
    );

    app.post(
      '/auth/sign-out',
      { config: { access: 'authenticated' }, schema: { tags, response: { 200: MessageBody } } },
      async (request) => {
        await revokeSession(deps.db, viewerOf(request).sessionId, deps.now());
        return { message: 'Signed out' };
      },
    );

    app.get('/api/me', { config: { access: 'authenticated' }, schema: { tags, response: { 200: Me } } }, (request) =>
      me(viewerOf(request)),
    );
  };
