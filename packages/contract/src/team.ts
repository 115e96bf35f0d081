import { z } from 'zod';
import { PHONE_MIN_LENGTH } from './constants.js';
import { messages } from './messages.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmailLike = (text: string) => text.includes('@');

/** The country a member gets when created without one (doc 1 section 5: "Country defaults to India"). */
export const DEFAULT_MEMBER_COUNTRY = 'IN';
/** A member's sessions answered: the newest live ones. */
export const MEMBER_SESSIONS_SHOWN = 10;

/** One signed-in device of a member: its browser as it said at sign-in, and when. */
export const AgentSession = z.object({ device: z.string().nullable(), createdAt: z.string() });

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
  // Literal currencies, not partner.ts's: partner.ts reaches this file through billing-details.ts.
  /** The partner's currency, the one the member sees money in. */
  currency: z.enum(['INR', 'USD']),
  /** The partner's name: the company the member works for. */
  company: z.string(),
  /** The member's live sessions (not signed out, not expired), newest first, at most MEMBER_SESSIONS_SHOWN. */
  sessions: z.array(AgentSession),
  // The rest is the spec's sign-up profile of a self-registered user. A member here never signs up:
  // the owner adds them (Create Member) and the owner comes with the partner's account, no
  // project is anyone's first, and there is no affiliate programme or inbox filter. So each is
  // answered empty: null, and utmParams with its three parts null.
  firstProjectId: z.string().nullable(),
  affiliateId: z.string().nullable(),
  industry: z.string().nullable(),
  companySize: z.string().nullable(),
  signupSource: z.string().nullable(),
  utmParams: z.object({
    campaign: z.string().nullable(),
    medium: z.string().nullable(),
    source: z.string().nullable(),
  }),
  filter: z.record(z.string(), z.unknown()).nullable(),
});
export type PartnerAgent = z.infer<typeof PartnerAgent>;

export const FetchPartnerAgentsRequest = z.object({ partnerId: z.string().optional() });
export const FetchPartnerAgentsResponse = z.object({
  partnerAgents: z.array(PartnerAgent),
  maxAgents: z.number().int(),
  maxRoles: z.number().int(),
});
export type FetchPartnerAgentsResponse = z.infer<typeof FetchPartnerAgentsResponse>;

/** The spec's contact: the dial code without plus followed by the number, digits only. */
const CONTACT_PATTERN = /^\d{8,19}$/;

/**
 * The spec's payload (name, email, loginUsername, loginPassword, contact, partnerId, agentRole),
 * contact being the dial code without plus followed by the number. The console's form sends the
 * two parts instead (dialCode, phoneNumber: the "at least 7 characters" rule is the number's) and a
 * country; either way the member's contact is the digits of both.
 */
export const CreatePartnerAgentRequest = z
  .object({
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
    contact: z.string({ error: messages.phoneTooShort }).regex(CONTACT_PATTERN, messages.phoneTooShort).optional(),
    dialCode: z
      .string()
      .regex(/^\d{1,4}$/, messages.phoneTooShort)
      .optional(),
    phoneNumber: z
      .string({ error: messages.phoneTooShort })
      .regex(/^\d+$/, messages.phoneTooShort)
      .min(PHONE_MIN_LENGTH, messages.phoneTooShort)
      .max(15)
      .optional(),
    country: z.string().length(2).optional(),
    partnerId: z.string().max(100).optional(),
    agentRole: z.string({ error: messages.roleRequired }).min(1, messages.roleRequired),
  })
  .superRefine((v, ctx) => {
    if (v.contact === undefined && (v.dialCode === undefined || v.phoneNumber === undefined))
      ctx.addIssue({ code: 'custom', path: ['contact'], message: messages.phoneTooShort });
  })
  .transform(({ dialCode, phoneNumber, ...v }) => ({ ...v, contact: v.contact ?? `${dialCode}${phoneNumber}` }));
export type CreatePartnerAgentRequest = z.output<typeof CreatePartnerAgentRequest>;
export type CreatePartnerAgentForm = z.input<typeof CreatePartnerAgentRequest>;

export const DisablePartnerAgentRequest = z.object({ agentId: z.string().min(1) });
export const ModifyPartnerAgentRequest = z.object({
  agentId: z.string().min(1),
  role: z.string().min(1, messages.roleRequired),
});
