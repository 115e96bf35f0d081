import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FetchRazorpayProfileRequest,
  MessageBody,
  RazorpayAuthorizeRequest,
  RazorpayAuthorizeResponse,
  RazorpayConnectRequest,
  RazorpayDisconnectRequest,
  RazorpayProfile,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import { startAuthorisation } from './authorize.js';
import { connectRazorpay } from './connect.js';
import type { PaymentGatewayCtx } from './context.js';
import { disconnectRazorpay } from './disconnect.js';
import { razorpayProfile } from './profile.js';

const tags = ['payment gateway'];

/**
 * The payment gateway's calls (doc 3 section 7; the spec's payments service lives on this server,
 * so `{payments base}` is this origin). Reading needs manage read, changing manage write.
 */
export const paymentGatewayRoutes =
  (ctx: PaymentGatewayCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/fetch-partner-razorpay-profile',
      {
        config: { access: 'manage.read' },
        schema: { tags, body: FetchRazorpayProfileRequest, response: { 200: RazorpayProfile } },
      },
      (request) => razorpayProfile(ctx, agentOf(request), request.body.partnerId),
    );
    app.post(
      '/razorpay/partner/t1/authorize',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: RazorpayAuthorizeRequest, response: { 200: RazorpayAuthorizeResponse } },
      },
      (request) => startAuthorisation(ctx, agentOf(request), request.body.partnerId),
    );
    app.post(
      '/razorpay/partner/t1/connect',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: RazorpayConnectRequest, response: { 200: MessageBody } },
      },
      (request) => connectRazorpay(ctx, agentOf(request), request.body),
    );
    app.post(
      '/razorpay/partner/t1/disconnect',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: RazorpayDisconnectRequest, response: { 200: MessageBody } },
      },
      (request) => disconnectRazorpay(ctx, agentOf(request), request.body.partnerId),
    );
  };
