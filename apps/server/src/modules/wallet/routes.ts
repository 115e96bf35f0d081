import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EstimateRequest,
  EstimateResponse,
  SetThresholdRequest,
  ThresholdResponse,
  WalletProjectParams,
  WalletQuery,
  WalletResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { estimateCampaign } from './estimate.js';
import { removeWarning, setWarning } from './warnings.js';
import { getWallet } from './wallet.js';

const tags = ['wallet'];

// The wallet is money: read under the billings section's right. Warning levels are the partner's
// settings (Manage write); the pre-flight reads one project's prices (business read).
export const walletRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/wallet',
      {
        config: { access: 'billings.read' },
        schema: { tags, querystring: WalletQuery, response: { 200: WalletResponse } },
      },
      (request) => getWallet(deps, agentOf(request), request.query),
    );
    app.put(
      '/api/wallet/threshold',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: SetThresholdRequest, response: { 200: ThresholdResponse } },
      },
      (request) => setWarning(deps, agentOf(request), null, request.body),
    );
    app.delete(
      '/api/wallet/threshold',
      { config: { access: 'manage.write' }, schema: { tags, response: { 200: ThresholdResponse } } },
      (request) => removeWarning(deps, agentOf(request), null),
    );
    app.put(
      '/api/wallet/projects/:projectId/threshold',
      {
        config: { access: 'manage.write' },
        schema: { tags, params: WalletProjectParams, body: SetThresholdRequest, response: { 200: ThresholdResponse } },
      },
      (request) => setWarning(deps, agentOf(request), request.params.projectId, request.body),
    );
    app.delete(
      '/api/wallet/projects/:projectId/threshold',
      {
        config: { access: 'manage.write' },
        schema: { tags, params: WalletProjectParams, response: { 200: ThresholdResponse } },
      },
      (request) => removeWarning(deps, agentOf(request), request.params.projectId),
    );
    app.post(
      '/api/projects/:projectId/campaign-estimate',
      {
        config: { access: 'business.read' },
        schema: { tags, params: WalletProjectParams, body: EstimateRequest, response: { 200: EstimateResponse } },
      },
      (request) => estimateCampaign(deps, agentOf(request), request.params.projectId, request.body),
    );
  };
