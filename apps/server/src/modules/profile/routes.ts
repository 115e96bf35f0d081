import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody, ProfileResponse, ProfileUpdateRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { getProfile } from './get-profile.js';
import { updateProfile } from './update-profile.js';

const tags = ['profile'];

export const profileRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/get-profile',
      { config: { access: 'member' }, schema: { tags, response: { 200: ProfileResponse } } },
      async (request) => ({ data: await getProfile(deps.db, agentOf(request)) }),
    );

    app.patch(
      '/api/profile-update',
      { config: { access: 'owner' }, schema: { tags, body: ProfileUpdateRequest, response: { 200: MessageBody } } },
      (request) => updateProfile(deps.env, deps.db, agentOf(request), request.body),
    );
  };
