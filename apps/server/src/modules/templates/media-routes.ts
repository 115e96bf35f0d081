import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MediaUploadUrlRequest,
  MediaUploadUrlResponse,
  SaveMediaDetailsRequest,
  SaveMediaDetailsResponse,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import type { TemplatesCtx } from './context.js';
import { createMediaUploadUrl, saveMediaDetails } from './media.js';

const tags = ['templates'];
// Uploading a sample is part of writing a template.
const write = { access: 'business.write' } as const;

/** Sample media for a template (doc 2 section 7.1, last paragraph); the storage post in between is the storage's. */
export const mediaRoutes =
  (ctx: TemplatesCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/get-upload-url',
      { config: write, schema: { tags, body: MediaUploadUrlRequest, response: { 200: MediaUploadUrlResponse } } },
      (request) => createMediaUploadUrl(ctx, agentOf(request).partnerId, request.body),
    );

    app.post(
      '/api/save-media-details',
      { config: write, schema: { tags, body: SaveMediaDetailsRequest, response: { 200: SaveMediaDetailsResponse } } },
      (request) => saveMediaDetails(ctx, agentOf(request), request.body),
    );
  };
