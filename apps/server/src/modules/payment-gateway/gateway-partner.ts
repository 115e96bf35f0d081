import { configTexts, messages } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { getPartner } from '../partners/partner.js';
import type { PaymentGatewayCtx } from './context.js';

/**
 * The partner a payment-gateway call acts on: the session's. The spec's calls carry a `partnerId`;
 * another partner's id answers 404, as its data would. The gateway lives on Configure Onboarding,
 * which DIRECT partners do not have (403, as the onboarding setting is), and referral users change
 * nothing here.
 */
export const gatewayPartner = async (ctx: PaymentGatewayCtx, viewer: AgentViewer, bodyPartnerId: string) => {
  if (bodyPartnerId !== viewer.partnerId) throw notFound();
  if (viewer.isReferral) throw forbidden(messages.forbidden);
  const partner = await getPartner(ctx.db, viewer.partnerId);
  if (partner.type === 'DIRECT') throw forbidden(configTexts.directHasNoConfig);
  return partner;
};
