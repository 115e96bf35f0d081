import { z } from 'zod';
import { AGENT_SIZE_MAX, AGENT_SIZE_MIN, projectMessages } from '../project-calls.js';

/**
 * POST /superadmin/set-assistant-field (doc 1 section 7, used by the ticket dialog; doc 2 section
 * 7.7): `fields` names which of the body's values to write; each named one must be present, and
 * every value sent must be named, so that 'Successfully Updated' never covers a value left unwritten.
 * `ticketId` (ours): the ticket this fulfils, resolved in the same transaction.
 */
export const assistantFieldNames = ['dailyTemplateLimit', 'maxAgents', 'macQuota'] as const;
export const AssistantFieldName = z.enum(assistantFieldNames);
export type AssistantFieldName = z.infer<typeof AssistantFieldName>;

/** Ours: the spec does not give these. */
export const assistantFieldTexts = {
  unknownFields: (keys: string[]) =>
    `set-assistant-field does not write ${keys.map((k) => `'${k}'`).join(', ')}: it writes ${assistantFieldNames.join(', ')}.`,
  notNamed: (field: string) => `'${field}' was sent but is not named in fields: name it there, or leave it out.`,
} as const;

export const SetAssistantFieldRequest = z.strictObject(
  {
    assistantId: z.string().min(1).max(100),
    fields: z.array(AssistantFieldName).min(1),
    dailyTemplateLimit: z.number().int().min(1).max(1_000_000).optional(),
    // The agent limit, 1 to 100 with the spec's words, as the project's own agent-limit call (doc 2 section 5.4).
    maxAgents: z
      .number({ error: projectMessages.agentSizeRange })
      .int(projectMessages.agentSizeRange)
      .min(AGENT_SIZE_MIN, projectMessages.agentSizeRange)
      .max(AGENT_SIZE_MAX, projectMessages.agentSizeRange)
      .optional(),
    macQuota: z.number().int().min(0).max(100_000_000).optional(),
    ticketId: z.string().min(1).max(100).optional(),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? assistantFieldTexts.unknownFields(issue.keys) : undefined),
  },
);
export type SetAssistantFieldRequest = z.infer<typeof SetAssistantFieldRequest>;
