import { z } from 'zod';

/**
 * POST /superadmin/set-assistant-field (doc 1 section 7, used by the ticket dialog; doc 2 section
 * 7.7): `fields` names which of the body's values to write; each named one must be present.
 * `ticketId` (ours): the ticket this fulfils, resolved in the same transaction.
 */
export const assistantFieldNames = ['dailyTemplateLimit', 'maxAgents', 'macQuota'] as const;
export const AssistantFieldName = z.enum(assistantFieldNames);
export type AssistantFieldName = z.infer<typeof AssistantFieldName>;

export const SetAssistantFieldRequest = z.object({
  assistantId: z.string().min(1).max(100),
  fields: z.array(AssistantFieldName).min(1),
  dailyTemplateLimit: z.number().int().min(1).max(1_000_000).optional(),
  maxAgents: z.number().int().min(1).max(100).optional(),
  macQuota: z.number().int().min(0).max(100_000_000).optional(),
  ticketId: z.string().min(1).max(100).optional(),
});
export type SetAssistantFieldRequest = z.infer<typeof SetAssistantFieldRequest>;
