import { DEFAULT_TIMEZONE, signupTexts, StartSignupRequest, TRIAL_DAYS, type StartSignupResponse } from '@pc/contract';
import type { z } from 'zod';
import { retriedTransaction } from '../../platform/db/retry.js';
import { newId } from '../../platform/db/ids.js';
import { conflict, notFound, tooManyRequests } from '../../platform/errors/app-error.js';
import { partnerDefaults, waPayActive } from '../businesses/create.js';
import { businessEmailTaken, insertBusiness, insertProject } from '../businesses/queries.js';
import { lockPartner, type PartnerRow } from '../partners/queries.js';
import { checkPlanChoice } from '../plans/plans.js';
import { takeAttempt } from '../auth/throttle.js';
import type { SignupCtx } from './context.js';
import { signupAddressRule } from './limits.js';
import { signupPartner } from './page.js';
import { findSignupByKey, insertSignup, signupsSince } from './queries.js';

type StartInput = z.output<typeof StartSignupRequest>;

/**
 * The partner's defaults for a new client (Manage, Defaults): the default plan family and plan, WCC
 * plan and, with the WhatsApp Payments add-on active, payments plan. A default that no longer checks
 * (a family deleted since) is left out rather than refusing the client's sign-up.
 */
const defaultPlans = async (tx: Parameters<typeof checkPlanChoice>[0], partner: PartnerRow) => {
  const choice = {
    familyId: partner.defaultPlanFamily ?? undefined,
    planName: partner.defaultPlanName ?? undefined,
    wccId: partner.defaultWccPlan ?? undefined,
    paymentPlanId: waPayActive(partner) ? (partner.defaultWhatsappPaymentsPlan ?? undefined) : undefined,
  };
  return checkPlanChoice(tx, partner.id, choice, { waPayActive: waPayActive(partner) }).catch(() =>
    checkPlanChoice(tx, partner.id, {}, { waPayActive: false }),
  );
};

/**
 * POST /api/{partnerId}/embed/signup, after the client's Facebook login: the client's business and
 * its project, of the company's name, on the partner's defaults. With the partner's trial on, a
 * 7-day trial (activated now, its end the renewal date: doc 3 section 9). Its credit (the trial's,
 * or the partner's Free WCC credit) comes when the client verifies its mobile (credit.ts). All in
 * one transaction under the partner's lock, where the same `signupId` finds the sign-up already made
 * (sent twice, one business and one project) and the hourly caps are counted: the address's
 * (limits.ts) and the partner's.
 */
export const startSignup = async (
  ctx: SignupCtx,
  partnerId: string,
  input: StartInput,
  /** The client's address (none for the demo's seeded sign-up). */
  address?: string,
): Promise<StartSignupResponse> => {
  await signupPartner(ctx, ctx.db, partnerId);
  const signup = await retriedTransaction(ctx.db, async (tx) => {
    const partner = await lockPartner(tx, partnerId);
    if (!partner) throw notFound(signupTexts.notFound);
    const existing = await findSignupByKey(tx, partnerId, input.signupId);
    if (existing) return existing;
    // The address first: over its own limit, an address's sign-ups do not count against the partner.
    // Counted in this transaction, so a sign-up refused later (an email taken) gives its count back.
    if (address)
      await takeAttempt(tx, [signupAddressRule(ctx.env, address)], ctx.now(), () => signupTexts.tooManySignups);
    const hourAgo = new Date(ctx.now().getTime() - 60 * 60_000);
    if ((await signupsSince(tx, partnerId, hourAgo)) >= ctx.env.SIGNUPS_PER_PARTNER_PER_HOUR)
      throw tooManyRequests(signupTexts.tooManySignups, 60 * 60);
    if (await businessEmailTaken(tx, partnerId, input.email))
      throw conflict(signupTexts.emailTaken, { email: signupTexts.emailTaken });
    const plans = await defaultPlans(tx, partner);
    const business = await insertBusiness(tx, {
      id: newId(),
      partnerId,
      displayName: input.companyName,
      company: input.companyName,
      email: input.email,
      contact: `${input.dialCode}${input.mobile}`,
      timezone: DEFAULT_TIMEZONE,
      currency: partner.currency,
      countryCode: `+${input.dialCode}`,
    });
    const now = ctx.now();
    const project = await insertProject(tx, {
      id: newId(),
      partnerId,
      businessId: business.id,
      name: input.companyName,
      currency: partner.currency,
      isTrial: partner.enableTrial,
      ...(partner.enableTrial
        ? { planActivatedOn: now, planRenewalOn: new Date(now.getTime() + TRIAL_DAYS * 86_400_000) }
        : {}),
      ...partnerDefaults(partner),
      ...plans,
    });
    return insertSignup(tx, {
      id: newId(),
      partnerId,
      signupKey: input.signupId,
      businessId: business.id,
      projectId: project.id,
      name: input.name,
      email: input.email,
      dialCode: input.dialCode,
      mobile: input.mobile,
      createdAt: ctx.now(),
    });
  });
  return {
    assistantId: signup.projectId,
    signupToken: await ctx.sessions.issue({ signupId: signup.id, partnerId }),
  };
};
