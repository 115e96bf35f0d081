import { z } from 'zod';
import { PHONE_MIN_LENGTH } from './constants.js';
import { messages } from './messages.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmailLike = (text: string) => text.includes('@');

export const PartnerAgent = z.object({
  _id: z.string(),
  name: z.string(),
  displayName: z.string(),
  email: z.string(),
  loginUsername: z.string(),
  contact: z.string(),
  country: z.string().nullable(),
  partnerId: z.string(),
  agentRole: z.string(),
  disabled: z.boolean(),
  power: z.number().int(),
  createdAt: z.string(),
});
export type PartnerAgent = z.infer<typeof PartnerAgent>;

export const FetchPartnerAgentsRequest = z.object({ partnerId: z.string().optional() });
export const FetchPartnerAgentsResponse = z.object({
  partnerAgents: z.array(PartnerAgent),
  maxAgents: z.number().int(),
  maxRoles: z.number().int(),
});
export type FetchPartnerAgentsResponse = z.infer<typeof FetchPartnerAgentsResponse>;

/**
 * contact is the dial code without plus followed by the number, digits only; phoneNumber is the
 * number part the rule "at least 7 characters" applies to.
 */
export const CreatePartnerAgentRequest = z.object({
  name: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(80),
  // 254 characters is the most an address can have (RFC 5321).
  email: z
    .string({ error: messages.invalidEmail })
    .trim()
    .max(254, messages.invalidEmail)
    .regex(EMAIL_PATTERN, messages.invalidEmail),
  loginUsername: z
    .string({ error: messages.invalidUsername })
    .trim()
    .min(1, messages.invalidUsername)
    .max(60)
    .refine((u) => !isEmailLike(u), messages.invalidUsername),
  loginPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
  dialCode: z.string().regex(/^\d{1,4}$/, messages.phoneTooShort),
  phoneNumber: z
    .string({ error: messages.phoneTooShort })
    .regex(/^\d+$/, messages.phoneTooShort)
    .min(PHONE_MIN_LENGTH, messages.phoneTooShort)
    .max(15),
  country: z.string().length(2).optional(),
  partnerId: z.string().optional(),
  agentRole: z.string({ error: messages.roleRequired }).min(1, messages.roleRequired),
});
export type CreatePartnerAgentRequest = z.infer<typeof CreatePartnerAgentRequest>;

export const DisablePartnerAgentRequest = z.object({ agentId: z.string().min(1) });
export const ModifyPartnerAgentRequest = z.object({
  agentId: z.string().min(1),
  role: z.string().min(1, messages.roleRequired),
});
