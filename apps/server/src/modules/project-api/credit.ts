import { formatMoney, projectApiMessages } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { AppError } from '../../platform/errors/app-error.js';
import { listPrice } from '../charging/list-price.js';
import type { Category } from '../charging/price.js';
import { loadPricingModels, modelAt } from '../charging/pricing-models.js';
import { windowOpenFor } from '../charging/service-windows.js';
import { nextTieredPrice, tierKeyOf } from '../charging/volume-tiers.js';
import { findPayers, openConversationExists } from './queries.js';

const label: Record<Category, string> = {
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Service',
};

const paymentRequired = (detail: string) =>
  new AppError('INSUFFICIENT_CREDIT', 402, projectApiMessages.insufficientCredit(detail));

/**
 * Refuses (402) a business-initiated send that no balance can pay, by the charging rule
 * (docs/charging.md) of the pricing model in force: under per-message pricing every template is
 * charged but a utility one inside the user's open customer service window (while Meta keeps that
 * free); under conversations, a message joins an open conversation of the same project, category
 * and recipient for free. A charge is paid by the project's template (WCC) credit when it covers the
 * whole price, else by the partner's central balance. A project whose WCC plan has no price for it
 * could only be recorded UNBILLED, so it is refused too. The partner's balance is not shown: the
 * caller is the partner's client.
 */
export const assertPayable = async (
  db: DbOrTx,
  k: { partnerId: string; projectId: string; category: Category; country: string; recipient: string; at: Date },
): Promise<void> => {
  const payers = await findPayers(db, k.partnerId, k.projectId);
  if (!payers) throw paymentRequired('the project was not found.');
  const model = modelAt(await loadPricingModels(db), payers.currency, k.at, payers.timezone);
  if (model.model === 'CBP' && (await openConversationExists(db, k))) return;
  const freeInWindow = k.category === 'utility' && !model.utilityInWindowCharged;
  if (model.model === 'PMP' && freeInWindow && (await windowOpenFor(db, k))) return;
  const unit = model.model === 'PMP' ? `message to` : `conversation with`;
  const what = `a ${label[k.category]} ${unit} ${k.country}`;
  const list = payers.prices && listPrice(payers.prices, payers.currency, k.country, k.category, model);
  if (!list || !payers.prices) throw paymentRequired(`this project's WCC plan has no price for ${what}.`);
  // The price the next charged message gets: its volume tier's, by the business's month so far.
  const key =
    model.volumeTiers &&
    tierKeyOf({ businessId: payers.businessId, timezone: payers.timezone }, payers.prices, { ...k, at: k.at });
  const price = key ? await nextTieredPrice(db, k.partnerId, key, payers.currency, list) : list;
  if (price.amount === 0) return;
  if (payers.templateCredit >= price.amount || payers.centralBalance >= price.amount) return;
  throw paymentRequired(
    `${what} costs ${formatMoney(price.amount, payers.currency)}, and neither this project's template credit (${formatMoney(payers.templateCredit, payers.currency)}) nor its partner's balance covers it.`,
  );
};
