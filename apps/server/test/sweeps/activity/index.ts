import { cases as accountAndPrices } from './account-and-prices.js';
import { cases as businessesAndProjects } from './businesses-and-projects.js';
import { cases as projectBilling } from './project-billing.js';
import { cases as teamAndRoles } from './team-and-roles.js';
import { cases as metaAds } from './meta-ads.js';
import { cases as templates } from './templates.js';
import { cases as webhooks } from './webhooks.js';

/** Every module's cases, by area (each file's routes are its modules' write routes). */
export const cases = {
  accountAndPrices,
  businessesAndProjects,
  projectBilling,
  teamAndRoles,
  templates,
  webhooks,
  metaAds,
};
