import type { TemplateCategory, TemplateLintContextResponse } from '@pc/contract';
import { listPrice } from '../charging/list-price.js';
import type { Category } from '../charging/price.js';
import { modelAt } from '../charging/pricing-models.js';
import type { TemplatesProject } from './queries.js';

const chargingCategory: Record<TemplateCategory, Category> = {
  MARKETING: 'marketing',
  UTILITY: 'utility',
  AUTHENTICATION: 'authentication',
};

/** The project's main country: its own, else India (the platform's home market). */
export const mainCountryOf = (p: Pick<TemplatesProject, 'isoCode'>): string => (p.isoCode || 'IN').toUpperCase();

/**
 * The project's price of one template message of the category at its WCC family for its main
 * country, under the pricing model in force at `at` (the list price: charging/list-price.ts; 1/100000
 * of the currency); null without a family or a price.
 */
export const categoryPrice = (p: TemplatesProject, category: TemplateCategory, at: Date): number | null => {
  if (!p.prices) return null;
  const model = modelAt(p.models, p.currency, at, p.timezone);
  return listPrice(p.prices, p.currency, mainCountryOf(p), chargingCategory[category], model)?.amount ?? null;
};

/** The project's prices by category, for the dialog's lint (a category Meta may move a template to). */
export const pricesByCategory = (p: TemplatesProject, at: Date): TemplateLintContextResponse['prices'] =>
  p.prices
    ? {
        country: mainCountryOf(p),
        currency: p.currency,
        MARKETING: categoryPrice(p, 'MARKETING', at),
        UTILITY: categoryPrice(p, 'UTILITY', at),
        AUTHENTICATION: categoryPrice(p, 'AUTHENTICATION', at),
      }
    : null;
