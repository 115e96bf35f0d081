import { z } from 'zod';

/**
 * The troubleshooting wizard's steps (doc 2 sections 2.6, 4 and 8): which apply to a project, from
 * its onboarding progress (wabaProgressStep, 0 to 9) and the last error Meta gave its onboarding.
 */

export const troubleshootingStepIds = [
  'embedded_signup',
  'migrate_partner_project',
  'sync_progress',
  'register_pin',
  'otp_verification',
  'health_check',
  'custom_msg',
] as const;
export const TroubleshootingStepId = z.enum(troubleshootingStepIds);
export type TroubleshootingStepId = z.infer<typeof TroubleshootingStepId>;

/** How the project came to onboarding: the embedded sign-up, or a migration from another provider. */
export const errorProcesses = ['partner_embedded_signup', 'partner_waba_migration'] as const;
export const ErrorProcess = z.enum(errorProcesses);
export type ErrorProcess = z.infer<typeof ErrorProcess>;

/** The wizard's custom messages (doc 2 section 8, the error-code table). */
export const customMessageKeys = ['wrongAccount', 'disable2fa', 'reverify'] as const;
export type CustomMessageKey = (typeof customMessageKeys)[number];

export type TroubleshootingPlan = { steps: TroubleshootingStepId[]; custom: CustomMessageKey | null };

export type StepsInput = {
  wabaProgressStep: number;
  isWhatsappVerified: boolean;
  /** The last error Meta gave the project's onboarding, while it stands. */
  error: { code: number; subcode: number | null } | null;
  process: ErrorProcess | null;
};

/** The last onboarding step: the number is registered (progress 9). */
export const ONBOARDING_DONE_STEP = 9;

/** The way back onto WhatsApp the project came by: the migration link, or the embedded sign-up. */
const relink = (process: ErrorProcess | null): TroubleshootingStepId =>
  process === 'partner_waba_migration' ? 'migrate_partner_project' : 'embedded_signup';

const plan = (steps: TroubleshootingStepId[], custom: CustomMessageKey | null = null): TroubleshootingPlan => ({
  steps,
  custom,
});

/** By Meta's error code (doc 2 section 8). */
const byError = (code: number, subcode: number | null, process: ErrorProcess | null): TroubleshootingPlan => {
  if (code === 100) {
    if (subcode === 2388112) return plan(['health_check', relink(process)]);
    if (subcode === 33) return plan(['custom_msg'], 'wrongAccount');
    return plan([]);
  }
  // Two-step verification is on with another PIN: turned off first, then the number registered.
  if (code === 133005) return plan(['custom_msg', 'register_pin'], 'disable2fa');
  // The number must be verified again: the code first, then the registration.
  if (code === 133006 && subcode === 2494081)
    return plan(['custom_msg', 'otp_verification', 'register_pin'], 'reverify');
  if (code === 136024 && subcode === 2388091) return plan(['register_pin', 'health_check', 'sync_progress']);
  return plan(['health_check', relink(process)]);
};

/**
 * The steps that apply, in order. An error Meta gave decides first (the table of section 8); without
 * one, the progress does (section 4): 9 with a verified channel, registration and its code; below 7
 * with a known way in, the health check and that way; otherwise (7 and 8 too, and 9 without a
 * verified channel) the full list. Empty: the wizard is not shown.
 */
export const troubleshootingPlan = (p: StepsInput): TroubleshootingPlan => {
  if (p.error) return byError(p.error.code, p.error.subcode, p.process);
  if (p.wabaProgressStep >= ONBOARDING_DONE_STEP && p.isWhatsappVerified)
    return plan(['register_pin', 'otp_verification']);
  if (p.wabaProgressStep < 7 && p.process) return plan(['health_check', relink(p.process)]);
  return plan(['health_check', 'register_pin', 'otp_verification', 'embedded_signup', 'sync_progress']);
};

/** The accordion's step titles (ours: the spec names the steps by id only). */
export const troubleshootingStepTitles: Record<TroubleshootingStepId, string> = {
  embedded_signup: 'Connect WhatsApp again (embedded sign-up)',
  migrate_partner_project: 'Migrate the number again',
  sync_progress: 'Sync channel status',
  register_pin: 'Register the phone number',
  otp_verification: 'Verify the phone number (OTP)',
  health_check: 'Health check',
  custom_msg: 'Action needed',
};
