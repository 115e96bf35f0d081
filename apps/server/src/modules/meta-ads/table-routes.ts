import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MetaAdAccountCounts,
  MetaAdAccountListRequest,
  MetaAdAccountListResponse,
  MetaAdCountsResponse,
  MetaAdListRequest,
  MetaAdListResponse,
  MetaAdsCountsRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { adAccountCounts, adAccountList, adCounts, adList, assertAdsPartner } from './tables.js';

const tags = ['meta ads'];
const read = { access: 'business.read' } as const;
// The spec's lists take ?sort=dec; newest first is the only order they have.
const querystring = z.object({ sort: z.enum(['dec', 'inc']).optional() });

/** The Meta Ads area's tables (doc 3 section 7, "Meta Ads tables"), for allow-listed partners only. */
export const metaAdsTableRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/meta-ad-account-counts',
      { config: read, schema: { tags, body: MetaAdsCountsRequest.nullish(), response: { 200: MetaAdAccountCounts } } },
      async (request) => {
        const { partnerId } = agentOf(request);
        await assertAdsPartner(deps.db, partnerId);
        return adAccountCounts(deps.db, partnerId, MetaAdsCountsRequest.parse(request.body ?? {}));
      },
    );
    app.post(
      '/api/meta-ad-counts',
      { config: read, schema: { tags, body: MetaAdsCountsRequest.nullish(), response: { 200: MetaAdCountsResponse } } },
      async (request) => {
        const { partnerId } = agentOf(request);
        await assertAdsPartner(deps.db, partnerId);
        return adCounts(deps.db, partnerId, MetaAdsCountsRequest.parse(request.body ?? {}));
      },
    );
    app.post(
      '/api/meta-ad-acccount-lists',
      {
        config: read,
        schema: { tags, querystring, body: MetaAdAccountListRequest, response: { 200: MetaAdAccountListResponse } },
      },
      async (request) => {
        const { partnerId } = agentOf(request);
        await assertAdsPartner(deps.db, partnerId);
        return adAccountList(deps.db, partnerId, request.body);
      },
    );
    app.post(
      '/api/meta-ad-lists',
      { config: read, schema: { tags, querystring, body: MetaAdListRequest, response: { 200: MetaAdListResponse } } },
      async (request) => {
        const { partnerId } = agentOf(request);
        await assertAdsPartner(deps.db, partnerId);
        return adList(deps.db, partnerId, request.body);
      },
    );
  };
