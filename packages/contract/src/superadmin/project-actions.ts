import { z } from 'zod';
import { MONEY_SCALE } from '../money.js';
import { ProjectStatus } from '../projects.js';
import { SuperadminPlanName } from './plans.js';

/**
 * The super-admin project screen's actions (doc 2 sections 2.2, 4, 5.3, 7.7 and 8): each changes
 * one thing of any partner's project and answers `{ message }` (and what it changed).
 */
export const superadminProjectTexts = {
  // Doc 2 section 8, the super-admin's failures (a server's own message is shown instead when sent).
  templateCreditFailed: 'Unable to add template credit',
  apiKeyFailed: 'Unable to add API Key',
  verifiedFailed: 'Unable to update verified status',
  whatsappNumberFailed: 'Unable to update whatsapp number',
  appNameFailed: 'Unable to update whatsapp app name',
  statusFailed: 'Unable to update project status',
  syncFailed: 'Unable update template msg',
  migrateFailed: 'Unable migrate template msg',
  somethingWentWrong: 'Something went wrong',
  // Doc 2 section 8, successes.
  updated: 'Successfully Updated',
  planUpdated: 'Successfully updated plan',
  wccUpdated: 'Successfully updated Wcc',
  // Doc 2 section 5.3.
  invalidAmount: 'Invalid amount',
  // Ours: rules the spec leaves to the product.
  invalidWhatsappNumber: 'Enter the WhatsApp number with its country code, digits only (8 to 15).',
  invalidAppName: 'Enter an app name of 1 to 100 characters.',
  invalidApiKey: 'Enter an API key of 8 to 200 characters, without spaces.',
  processedSet: 'Marked as processed',
  processedCleared: 'Processed mark cleared',
  creditsAgree: 'The credits agree with the billing logs.',
  creditsDisagree: 'The credits do not agree with the billing logs.',
  migrated: (n: number) => `${n} template${n === 1 ? '' : 's'} submitted to the provider`,
  syncRunning: 'A template sync of this project is running: try again in a moment.',
  archivedProject: 'Project is archived',
} as const;

const t = superadminProjectTexts;

/** Ours: one staff entry adds at most this many currency units. */
export const MAX_STAFF_CREDIT_UNITS = 10_000_000;

export const SetProjectPlanRequest = z.object({ activePlan: SuperadminPlanName });
export type SetProjectPlanRequest = z.infer<typeof SetProjectPlanRequest>;

export const SetVerificationRequest = z.object({ isWhatsappVerified: z.boolean() });
export type SetVerificationRequest = z.infer<typeof SetVerificationRequest>;

/** A WhatsApp number as Meta writes it: the country code and the number, digits only (E.164 without '+'). */
export const staffWhatsappNumber = z
  .string({ error: t.invalidWhatsappNumber })
  .trim()
  .regex(/^[1-9]\d{7,14}$/, t.invalidWhatsappNumber);
export const SetWhatsappNumberRequest = z.object({ whatsappNumber: staffWhatsappNumber });
export type SetWhatsappNumberRequest = z.infer<typeof SetWhatsappNumberRequest>;

export const SetAppNameRequest = z.object({
  appName: z.string({ error: t.invalidAppName }).trim().min(1, t.invalidAppName).max(100, t.invalidAppName),
});
export type SetAppNameRequest = z.infer<typeof SetAppNameRequest>;

export const SetApiKeyRequest = z.object({
  apiKey: z
    .string({ error: t.invalidApiKey })
    .trim()
    .min(8, t.invalidApiKey)
    .max(200, t.invalidApiKey)
    .regex(/^\S+$/, t.invalidApiKey),
});
export type SetApiKeyRequest = z.infer<typeof SetApiKeyRequest>;

/** The API key as the screen shows it: its last 4 characters only. */
export const maskApiKey = (key: string): string => `••••${key.slice(-4)}`;

/** Template credit, ADD only: whole currency units, sent times 100000 (doc 2 section 5.3). */
export const AddTemplateCreditRequest = z.object({
  amount: z
    .number({ error: t.invalidAmount })
    .int(t.invalidAmount)
    .positive(t.invalidAmount)
    .max(MAX_STAFF_CREDIT_UNITS * MONEY_SCALE, t.invalidAmount)
    .refine((n) => n % MONEY_SCALE === 0, t.invalidAmount),
});
export type AddTemplateCreditRequest = z.infer<typeof AddTemplateCreditRequest>;
export const AddTemplateCreditResponse = z.object({ message: z.string(), credit: z.number().int() });

export const SetProcessedRequest = z.object({ processed: z.boolean() });
export type SetProcessedRequest = z.infer<typeof SetProcessedRequest>;
export const SetProcessedResponse = z.object({ message: z.string(), processedAt: z.string().nullable() });

export const SetApiKeyResponse = z.object({ message: z.string(), apiKey360: z.string() });

/** The body of doc 2 section 7.7's calls: the project. */
export const AssistantIdRequest = z.object({ assistantId: z.string().trim().min(1).max(100) });
export type AssistantIdRequest = z.infer<typeof AssistantIdRequest>;

export const creditBalances = ['WCC', 'PWC', 'AD_CREDIT'] as const;
export const CreditBalance = z.enum(creditBalances);
export const creditBalanceLabels = {
  WCC: 'Template credit',
  PWC: 'Partner WhatsApp credit',
  AD_CREDIT: 'Meta Ads credit',
} as const;

/**
 * POST /superadmin/get-credits-from-cache (ours, doc 2 section 7.7 shows no answer): the project's
 * stored credits read again, each beside the sum of its billing-log rows; changes nothing.
 */
export const CreditsFromCacheResponse = z.object({
  message: z.string(),
  agrees: z.boolean(),
  credits: z.array(
    z.object({ balance: CreditBalance, stored: z.number().int(), ledger: z.number().int(), agrees: z.boolean() }),
  ),
});
export type CreditsFromCacheResponse = z.infer<typeof CreditsFromCacheResponse>;

/** POST /superadmin/sync-template-messages: the template sync, run now. */
export const StaffSyncTemplatesResponse = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  lastSyncedAt: z.string(),
});
export type StaffSyncTemplatesResponse = z.infer<typeof StaffSyncTemplatesResponse>;

/** POST /superadmin/migrate-all-templates: the console's templates the provider lacks, submitted again. */
export const MigrateTemplatesResponse = z.object({
  message: z.string(),
  submitted: z.number().int(),
  /** Templates the provider refused, by name and language, with its reason. */
  refused: z.array(z.object({ name: z.string(), language: z.string(), reason: z.string() })),
});
export type MigrateTemplatesResponse = z.infer<typeof MigrateTemplatesResponse>;

/** The statuses a project is disabled in (doc 2 section 3's disabled date). */
export const disabledStatuses: readonly ProjectStatus[] = ['unpaid', 'suspended', 'terminated', 'stopped'];

/**
 * Ours: the disabled date after a status move. Moving into unpaid, suspended, terminated or stopped
 * from a status outside them sets it to now; moving among them keeps it (the project has been
 * disabled since then); active or pending clear it; archived keeps it as it was.
 */
export const disabledOnAfter = (from: string, to: ProjectStatus, current: Date | null, now: Date): Date | null => {
  if (to === 'active' || to === 'pending') return null;
  if (!disabledStatuses.includes(to)) return current;
  return disabledStatuses.includes(from as ProjectStatus) ? (current ?? now) : now;
};
