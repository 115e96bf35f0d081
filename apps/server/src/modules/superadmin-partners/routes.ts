import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BalanceAnswer,
  BillingActivityListsRequest,
  BillingActivityListsResponse,
  CorrectionRequest,
  CreatePartnerAnswer,
  CreatePartnerRequest,
  IdempotencyKeyHeader,
  MessageBody,
  PartnerAccount,
  PartnerIdParams,
  RechargeAnswer,
  RechargeRequest,
  UpdatePartnerRequest,
} from '@pc/contract';
import { adminOf } from '../../platform/access/access.js';
import { notFound } from '../../platform/errors/app-error.js';
import { listBillingLogs } from '../billings/billings.js';
import { findPartner } from '../partners/queries.js';
import { createPartner, getPartnerAccount, updatePartner } from './account.js';
import type { PartnersCtx } from './context.js';
import { correctBalance, recordRecharge, refundPartnershipFee } from './money.js';

const tags = ['superadmin'];
const superadmin = { access: 'superadmin' } as const;
/** Money calls take an Idempotency-Key (billing/idempotency.ts); an empty one is none. */
const keyOf = (request: { headers: { 'idempotency-key'?: string } }) => request.headers['idempotency-key'] || undefined;

/** Partners as accounts: the super-admin creates and edits them and moves their central balance. */
export const superadminPartnerRoutes =
  (ctx: PartnersCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/superadmin/partners',
      {
        config: superadmin,
        schema: { tags, body: CreatePartnerRequest, response: { 200: CreatePartnerAnswer } },
      },
      (request) => createPartner(ctx, adminOf(request), request.body),
    );

    app.get(
      '/superadmin/partners/:id',
      { config: superadmin, schema: { tags, params: PartnerIdParams, response: { 200: PartnerAccount } } },
      (request) => getPartnerAccount(ctx, request.params.id),
    );

    app.patch(
      '/superadmin/partners/:id',
      {
        config: superadmin,
        schema: { tags, params: PartnerIdParams, body: UpdatePartnerRequest, response: { 200: MessageBody } },
      },
      (request) => updatePartner(ctx, adminOf(request), request.params.id, request.body),
    );

    app.post(
      '/superadmin/partners/:id/recharge',
      {
        config: superadmin,
        schema: {
          tags,
          params: PartnerIdParams,
          headers: IdempotencyKeyHeader,
          body: RechargeRequest,
          response: { 200: RechargeAnswer },
        },
      },
      (request) => recordRecharge(ctx, adminOf(request), request.params.id, request.body, keyOf(request)),
    );

    app.post(
      '/superadmin/partners/:id/correction',
      {
        config: superadmin,
        schema: {
          tags,
          params: PartnerIdParams,
          headers: IdempotencyKeyHeader,
          body: CorrectionRequest,
          response: { 200: BalanceAnswer },
        },
      },
      (request) => correctBalance(ctx, adminOf(request), request.params.id, request.body, keyOf(request)),
    );

    app.post(
      '/superadmin/partners/:id/partnership-refund',
      { config: superadmin, schema: { tags, params: PartnerIdParams, response: { 200: BalanceAnswer } } },
      (request) => refundPartnershipFee(ctx, adminOf(request), request.params.id),
    );

    // The account page's recent billing rows: the partner's own Billing list, as it sees it.
    app.post(
      '/superadmin/partners/:id/billing-logs',
      {
        config: superadmin,
        schema: {
          tags,
          params: PartnerIdParams,
          body: BillingActivityListsRequest,
          response: { 200: BillingActivityListsResponse },
        },
      },
      async (request) => {
        if (!(await findPartner(ctx.db, request.params.id))) throw notFound();
        return listBillingLogs(ctx, { partnerId: request.params.id }, request.body, 'dec');
      },
    );
  };
