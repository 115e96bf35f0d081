import { z } from 'zod';
import { SubscriptionPlanName } from './plans.js';

/**
 * The partner's configuration (spec doc 3 sections 2, 3, 5, 7 and 8): default plans for new
 * customers, the sign-up and trial switches, the trial amount, the Free WCC credit, the onboarding
 * method and the agent limit, all through `PATCH /api/update-partner-config`, one setting per call
 * (`freeWccCredit` is ours beside the spec's list: section 2 names the setting, section 7 no field).
 */
export const configTexts = {
  // Doc 3 sections 5 and 8, verbatim.
  operationFailed: 'Operation Failed',
  trialAmountFailed: 'some thing went wrong',
  onboardingFailed: 'Onboarding method update failed',
  selectMethod: 'Select a method',
  agentsLimit: 'Agents limit should be greater than 1 and less than 100',
  agentsLimitFailed: 'Agents limit family update failed',
  // Ours: the spec says the trial text "states a 7-day free trial" without its words.
  trialText: 'A trial gives a new project 7 days free, with the trial amount as its credit.',
  updated: 'Configuration updated',
  oneSetting: 'Send one setting per call.',
  directHasNoConfig: 'DIRECT partners have no plan or onboarding configuration.',
  planFamilyFirst: 'Choose the default plan family and its plan together.',
  // Ours: the spec names the Free WCC credit setting (doc 3 section 2) without its words.
  freeWccCreditHelp:
    "WCC credit each new customer's project starts with (Create Business, or the sign-up page outside a trial), moved from your central balance.",
  freeWccCreditShort: (amount: string) =>
    `Your central balance does not cover the Free WCC credit (${amount}) a new customer's project gets. Recharge it, or lower the Free WCC credit in Manage, Configure Plan Family.`,
} as const;

export const onboardingMethods = ['WHATSAPP_API_FORM', 'EMBEDDED_SIGNUP', 'NONE'] as const;
export const OnboardingMethod = z.enum(onboardingMethods);
export type OnboardingMethod = z.infer<typeof OnboardingMethod>;
export const onboardingMethodLabels: Record<OnboardingMethod, string> = {
  WHATSAPP_API_FORM: 'WhatsApp API application form',
  EMBEDDED_SIGNUP: 'Embedded sign-up',
  NONE: 'None',
};

/** Agent limit: 1 to 100 (doc 3 section 9). */
export const AGENT_LIMIT_MIN = 1;
export const AGENT_LIMIT_MAX = 100;

/**
 * Doc 2 section 5.4: "Agent limit: clamped to 1 to 100". A whole number typed into an agent-limit
 * field is brought into the range when the field is left; anything else is left for its message.
 */
export const clampAgentLimit = (typed: string): string =>
  /^\d+$/.test(typed.trim())
    ? String(Math.min(AGENT_LIMIT_MAX, Math.max(AGENT_LIMIT_MIN, Number(typed.trim()))))
    : typed;

/** A trial lasts 7 days (doc 3 section 9). */
export const TRIAL_DAYS = 7;

const Id = z.string().min(1).max(100);

/**
 * Any one of the settings (doc 3 section 7). The default plan family comes with its plan name;
 * null clears a default. Which one was sent decides what changes; two at once is a 400.
 */
export const UpdatePartnerConfigRequest = z
  .object({
    defaultPlanFamily: Id.nullable().optional(),
    defaultPlanName: SubscriptionPlanName.nullable().optional(),
    defaultWccPlan: Id.nullable().optional(),
    defaultWhatsappPaymentsPlan: Id.nullable().optional(),
    signUpEnabled: z.boolean().optional(),
    trialEnabled: z.boolean().optional(),
    trialAmount: z.number().int().min(0).max(1_000_000_000_000).optional(),
    freeWccCredit: z.number().int().min(0).max(1_000_000_000_000).optional(),
    onboardingMethod: OnboardingMethod.optional(),
    agentSize: z
      .number({ error: configTexts.agentsLimit })
      .int(configTexts.agentsLimit)
      .min(AGENT_LIMIT_MIN, configTexts.agentsLimit)
      .max(AGENT_LIMIT_MAX, configTexts.agentsLimit)
      .optional(),
  })
  .refine(
    (body) =>
      [
        body.defaultPlanFamily !== undefined || body.defaultPlanName !== undefined,
        body.defaultWccPlan !== undefined,
        body.defaultWhatsappPaymentsPlan !== undefined,
        body.signUpEnabled !== undefined,
        body.trialEnabled !== undefined,
        body.trialAmount !== undefined,
        body.freeWccCredit !== undefined,
        body.onboardingMethod !== undefined,
        body.agentSize !== undefined,
      ].filter(Boolean).length === 1,
    configTexts.oneSetting,
  );
export type UpdatePartnerConfigRequest = z.infer<typeof UpdatePartnerConfigRequest>;

/** The settings as the partner has them (part of get-profile's partner, and the update's answer). */
export const PartnerConfig = z.object({
  defaultPlanFamily: z.string().nullable(),
  defaultPlanName: z.string().nullable(),
  defaultWccPlan: z.string().nullable(),
  defaultWhatsappPaymentsPlan: z.string().nullable(),
  signUpEnabled: z.boolean(),
  trialEnabled: z.boolean(),
  /** 1/100000 of the partner's currency. */
  trialAmount: z.number().int(),
  /** WCC credit a new customer's project starts with, from the central balance; 1/100000 of the currency. */
  freeWccCredit: z.number().int(),
  onboardingMethod: OnboardingMethod.nullable(),
  agentSize: z.number().int(),
});
export type PartnerConfig = z.infer<typeof PartnerConfig>;
export const UpdatePartnerConfigResponse = z.object({ message: z.string(), updatedPartner: PartnerConfig });
export type UpdatePartnerConfigResponse = z.infer<typeof UpdatePartnerConfigResponse>;
