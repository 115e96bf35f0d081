import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdAccountsResponse,
  AssignAssetRequest,
  AssignAssetResponse,
  AssistantDataResponse,
  AssistantRequest,
  FbConnectRequest,
  FbDisconnectRequest,
  FreezeAssetRequest,
  FrozenAssetsResponse,
  MetaAdTabResponse,
  MetaAdDetailsResponse,
  PagesResponse,
  SelectAdProfileRequest,
  UnfreezeAssetsRequest,
  UpdateMetaAdDetailsRequest,
  UpdateWhatsappNumberRequest,
  UpdateWhatsappNumberResponse,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import { facebookLoginOf } from '../../providers/meta/facebook/login-config.js';
import { assignAsset, fetchAdAccounts, fetchPages, freezeAsset, selectAdProfile, unfreezeAssets } from './assets.js';
import { updateMetaAdDetails } from './budgets.js';
import { fbConnect, fbDisconnect } from './connect.js';
import type { MetaAdsCtx } from './context.js';
import { adsProjectOf } from './project.js';
import { toAssistantData } from './state.js';
import { updateWhatsappNumber } from './whatsapp.js';

const tags = ['meta ads'];
// The project's Meta Ad tab: reading needs Business View, every change Business Edit (doc 3 section 6).
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;

/** The meta-ads service's calls (doc 3 section 7, "Meta Ads"), and the tab's own read. */
export const metaAdsRoutes =
  (ctx: MetaAdsCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/meta-ads/assistant/:assistantId',
      {
        config: read,
        schema: {
          tags,
          params: z.object({ assistantId: z.string().max(100) }),
          response: { 200: MetaAdTabResponse },
        },
      },
      async (request) => {
        const viewer = agentOf(request);
        const found = await adsProjectOf(ctx.db, viewer, request.params.assistantId);
        return {
          assistantData: toAssistantData(found.project, found.meta, viewer.agentId),
          facebookLogin: facebookLoginOf(ctx.env, null),
        };
      },
    );
    app.post(
      '/meta-ads/fb-connect',
      { config: write, schema: { tags, body: FbConnectRequest, response: { 200: AssistantDataResponse } } },
      (request) => fbConnect(ctx, agentOf(request), request.body),
    );
    app.post(
      '/meta-ads/fb-disconnect',
      { config: write, schema: { tags, body: FbDisconnectRequest, response: { 200: AssistantDataResponse } } },
      (request) => fbDisconnect(ctx, agentOf(request), request.body),
    );
    app.post(
      '/meta-ads/fetch-pages',
      { config: read, schema: { tags, body: AssistantRequest, response: { 200: PagesResponse } } },
      (request) => fetchPages(ctx, agentOf(request), request.body.assistantId),
    );
    app.post(
      '/meta-ads/fetch-ad-accounts',
      { config: read, schema: { tags, body: AssistantRequest, response: { 200: AdAccountsResponse } } },
      (request) => fetchAdAccounts(ctx, agentOf(request), request.body.assistantId),
    );
    app.post(
      '/meta-ads/select-ad-profile',
      { config: write, schema: { tags, body: SelectAdProfileRequest, response: { 200: AssistantDataResponse } } },
      (request) => selectAdProfile(ctx, agentOf(request), request.body),
    );
    app.post(
      '/meta-ads/freeze-asset',
      { config: write, schema: { tags, body: FreezeAssetRequest, response: { 200: FrozenAssetsResponse } } },
      (request) => freezeAsset(ctx, agentOf(request), request.body),
    );
    app.post(
      '/meta-ads/unfreeze-assets',
      { config: write, schema: { tags, body: UnfreezeAssetsRequest, response: { 200: FrozenAssetsResponse } } },
      (request) => unfreezeAssets(ctx, agentOf(request), request.body),
    );
    app.post(
      '/meta-ads/update-whatsapp-number',
      {
        config: write,
        schema: { tags, body: UpdateWhatsappNumberRequest, response: { 200: UpdateWhatsappNumberResponse } },
      },
      (request) => updateWhatsappNumber(ctx, agentOf(request), request.body),
    );
    app.post(
      '/meta-ads/updateMetaAdDetails',
      { config: write, schema: { tags, body: UpdateMetaAdDetailsRequest, response: { 200: MetaAdDetailsResponse } } },
      (request) => updateMetaAdDetails(ctx, agentOf(request), request.body),
    );
    app.post(
      '/meta-ads/assign-meta-page',
      { config: write, schema: { tags, body: AssignAssetRequest, response: { 200: AssignAssetResponse } } },
      (request) => assignAsset(ctx, agentOf(request), 'page', request.body),
    );
    app.post(
      '/meta-ads/assign-ad-account',
      { config: write, schema: { tags, body: AssignAssetRequest, response: { 200: AssignAssetResponse } } },
      (request) => assignAsset(ctx, agentOf(request), 'adAccount', request.body),
    );
  };
