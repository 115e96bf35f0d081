import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LoadRateCardRequest,
  RateCardAnswer,
  RateCardDetail,
  RateCardFamilyParams,
  RateCardIdParams,
  RateCardsQuery,
  RateCardsResponse,
  SetRateCardChoiceAnswer,
  SetRateCardChoiceRequest,
  UpcomingRateCardsResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { adminOf, agentOf } from '../../platform/access/access.js';
import { rateCardDetail } from './detail.js';
import { cancelRateCard, loadRateCard } from './load.js';
import { setRateCardChoice, upcomingRateCards } from './partner.js';
import { listRateCards } from './queries.js';

const tags = ['rate-cards'];
const superadmin = { access: 'superadmin' } as const;

/**
 * Rate cards with dates: the super-admin's cards, and each partner's view of the scheduled ones
 * with its answer per WCC family, read and written under Plan Details' rights.
 */
export const rateCardRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/superadmin/rate-cards',
      { config: superadmin, schema: { tags, body: LoadRateCardRequest, response: { 200: RateCardAnswer } } },
      (request) => loadRateCard(deps, adminOf(request), request.body),
    );
    app.get(
      '/superadmin/rate-cards',
      { config: superadmin, schema: { tags, querystring: RateCardsQuery, response: { 200: RateCardsResponse } } },
      async (request) => {
        const { rows, total } = await listRateCards(deps.db, request.query.skip, request.query.rowsPerPage);
        return { rateCards: rows, total };
      },
    );
    app.get(
      '/superadmin/rate-cards/:id',
      { config: superadmin, schema: { tags, params: RateCardIdParams, response: { 200: RateCardDetail } } },
      (request) => rateCardDetail(deps.db, request.params.id),
    );
    app.post(
      '/superadmin/rate-cards/:id/cancel',
      { config: superadmin, schema: { tags, params: RateCardIdParams, response: { 200: RateCardAnswer } } },
      (request) => cancelRateCard(deps, adminOf(request), request.params.id),
    );

    app.get(
      '/api/rate-cards/upcoming',
      { config: { access: 'plans.read' }, schema: { tags, response: { 200: UpcomingRateCardsResponse } } },
      (request) => upcomingRateCards(deps, agentOf(request)),
    );
    app.put(
      '/api/rate-cards/:id/families/:familyId',
      {
        config: { access: 'plans.write' },
        schema: {
          tags,
          params: RateCardFamilyParams,
          body: SetRateCardChoiceRequest,
          response: { 200: SetRateCardChoiceAnswer },
        },
      },
      (request) =>
        setRateCardChoice(deps, agentOf(request), request.params.id, request.params.familyId, request.body.choice),
    );
  };
