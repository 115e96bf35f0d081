import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidPlatformKey, MessageEventsRequest, MessageEventsResponse, PLATFORM_KEY_HEADER } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { unauthenticated } from '../../platform/errors/app-error.js';
import { ingestMessages } from './ingest.js';

const tags = ['charging'];
// Documented in the OpenAPI document; checked in the handler, so a missing key answers 401, not 400.
const PlatformKeyHeaders = z.object({ [PLATFORM_KEY_HEADER]: z.string().optional().describe('The PLATFORM_API_KEY') });
const digest = (s: string) => createHash('sha256').update(s).digest();

/** The platform key check: constant time; with no PLATFORM_API_KEY configured nothing gets in. */
export const platformKeyMatches = (configured: string | undefined, given: unknown): boolean =>
  !!configured && typeof given === 'string' && timingSafeEqual(digest(configured), digest(given));

// Called by the messaging platform, not by a console user: 'public' in the access table, and
// authenticated by the X-Platform-Key header instead of a session.
export const chargingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/platform/message-events',
      {
        config: { access: 'public', publicLimit: 'none' },
        schema: {
          tags,
          security: [],
          headers: PlatformKeyHeaders,
          body: MessageEventsRequest,
          response: { 200: MessageEventsResponse },
        },
      },
      async (request) => {
        if (!platformKeyMatches(deps.env.PLATFORM_API_KEY, request.headers[PLATFORM_KEY_HEADER]))
          throw unauthenticated(invalidPlatformKey);
        return ingestMessages(deps.db, request.body);
      },
    );
  };
