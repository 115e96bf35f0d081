import { z } from 'zod';
import { onboardingMessages } from './messages.js';
import { customMessageKeys, TroubleshootingStepId } from './steps.js';

/**
 * The registration and health calls (doc 2 section 7.4, doc 3 section 7) and the onboarding state
 * the wizard and the doctor show (ours: `GET /partner/:partnerId/onboarding/:projectId`).
 */

/** Meta allows 10 registrations (or deregistrations) of a number in 72 hours (its error 133016). */
export const REGISTRATION_ATTEMPTS_LIMIT = 10;
export const REGISTRATION_WINDOW_MS = 72 * 3_600_000;
/** A registered number may be registered again once every 24 hours (doc 3 section 5). */
export const REREGISTER_EVERY_MS = 24 * 3_600_000;
/** How often the background check of registered numbers runs (doc 3 section 5). */
export const REGISTRATION_CHECK_EVERY_MS = 30 * 60_000;

export const codeMethods = ['SMS', 'VOICE'] as const;
export const CodeMethod = z.enum(codeMethods);
export type CodeMethod = z.infer<typeof CodeMethod>;

const assistantId = z.string().trim().min(1).max(100);

export const OnboardingProjectRequest = z.object({ assistantId });
export type OnboardingProjectRequest = z.infer<typeof OnboardingProjectRequest>;

export const TriggerCodeRequest = z.object({ assistantId, mode: CodeMethod });
export type TriggerCodeRequest = z.infer<typeof TriggerCodeRequest>;

export const VerifyCodeRequest = z.object({
  assistantId,
  verifyCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, onboardingMessages.verifyCodeFormat),
});
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>;

export const RegisterWithPinRequest = z.object({
  assistantId,
  /** Needed to use the last attempt of the 72-hour window. */
  confirmLastAttempt: z.boolean().optional(),
});
export type RegisterWithPinRequest = z.infer<typeof RegisterWithPinRequest>;

/** Meta's error as the doctor shows it: Meta's words, what they mean, the fix, the trace id for support. */
export const MetaErrorView = z.object({
  code: z.number().int(),
  subcode: z.number().int().nullable(),
  message: z.string(),
  meaning: z.string(),
  fix: z.string(),
  traceId: z.string().nullable(),
  at: z.iso.datetime(),
});
export type MetaErrorView = z.infer<typeof MetaErrorView>;

export const healthStates = ['AVAILABLE', 'LIMITED', 'BLOCKED'] as const;
export const HealthState = z.enum(healthStates);
export type HealthState = z.infer<typeof HealthState>;

/** Meta's `health_status`: the overall state and each entity's (phone number, account, business, app). */
export const HealthView = z.object({
  canSendMessage: HealthState,
  entities: z.array(
    z.object({
      type: z.string(),
      id: z.string(),
      canSendMessage: HealthState,
      errors: z.array(z.object({ code: z.number().int(), description: z.string(), solution: z.string().nullable() })),
    }),
  ),
  checkedAt: z.iso.datetime(),
});
export type HealthView = z.infer<typeof HealthView>;

export const OnboardingState = z.object({
  projectId: z.string(),
  /** The sandbox Meta answers (its phone shows the codes it receives); false with the real Meta. */
  sandbox: z.boolean(),
  wabaProgressStep: z.number().int(),
  live: z.boolean(),
  /** What the calls act on; without them the project is not on WhatsApp yet ('WhatsApp API is not live'). */
  phoneNumberId: z.string().nullable(),
  wabaId: z.string().nullable(),
  steps: z.array(TroubleshootingStepId),
  custom: z.enum(customMessageKeys).nullable(),
  error: MetaErrorView.nullable(),
  attempts: z.object({
    limit: z.number().int(),
    used: z.number().int(),
    left: z.number().int(),
    /** When the oldest attempt in the window leaves it (one more becomes possible); null with none used. */
    nextFreeAt: z.iso.datetime().nullable(),
  }),
  registeredAt: z.iso.datetime().nullable(),
  /** When the number may be registered again (24 hours after its registration); null when it may now. */
  reregisterAt: z.iso.datetime().nullable(),
  codeRequestedAt: z.iso.datetime().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
  health: z.object({ account: HealthView.nullable(), number: HealthView.nullable() }),
});
export type OnboardingState = z.infer<typeof OnboardingState>;

/** What each step's call answers: Meta's outcome (a refusal is an outcome, not a bad request) and the state after it. */
export const OnboardingOutcome = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Meta's refusal of this call, explained (also kept as the project's error when it was a registration). */
  failure: MetaErrorView.nullable(),
  onboarding: OnboardingState,
});
export type OnboardingOutcome = z.infer<typeof OnboardingOutcome>;

/**
 * The sandbox Meta's phone of a project's number (ours; sandbox only): the codes Meta sent it, and
 * WhatsApp Manager's two-step verification switch, so that every step can be done in the demo.
 */
export const SandboxPhone = z.object({
  phoneNumberId: z.string(),
  inbox: z.array(z.object({ code: z.string(), method: CodeMethod, at: z.iso.datetime() })),
  verified: z.boolean(),
  registered: z.boolean(),
  twoStepOn: z.boolean(),
});
export type SandboxPhone = z.infer<typeof SandboxPhone>;
