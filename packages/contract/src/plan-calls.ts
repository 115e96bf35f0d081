/** The plan catalogue reads (doc 1 section 7): the partner's own families; referral users get none. */
export { PlanFamiliesResponse, WccPlansResponse, WhatsappPaymentsPlansResponse } from './plans.js';
export type { PlanFamily, WccFamily, WhatsappPaymentsPlan } from './plans.js';
