import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { maskApiKey, superadminProjectTexts as texts } from '@pc/contract';
import { badRequest } from '../../platform/errors/app-error.js';
import type { AuditAdmin } from '../audit/record.js';
import { changeProject } from './change.js';
import type { SuperadminProjectsCtx } from './context.js';
import { maskedApiKey } from './detail.js';

/** The super-admin project screen's one-field corrections (doc 2 section 2.2), each with its audit row. */

/**
 * The verification switch: whether the channel is live (isWhatsappVerified). Turning it on for a
 * project that never went live also dates its going live (the list's live date) now.
 */
export const setVerification = async (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
  isWhatsappVerified: boolean,
) => {
  await changeProject(ctx, admin, projectId, 'project.verification', (p, now) => ({
    values: {
      isWhatsappVerified,
      ...(isWhatsappVerified && !p.channelActivatedOn ? { channelActivatedOn: now } : {}),
    },
  }));
  return { message: texts.updated };
};

/**
 * The WhatsApp number, digits with the country code (the contract's pattern), and a number some
 * country could have (libphonenumber: +999..., or too short for its country code, is refused).
 */
export const setWhatsappNumber = async (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
  whatsappNumber: string,
) => {
  if (!parsePhoneNumberFromString(`+${whatsappNumber}`)?.isPossible())
    throw badRequest(texts.invalidWhatsappNumber, { whatsappNumber: texts.invalidWhatsappNumber });
  await changeProject(ctx, admin, projectId, 'project.whatsapp-number', () => ({ values: { whatsappNumber } }));
  return { message: texts.updated };
};

export const setAppName = async (ctx: SuperadminProjectsCtx, admin: AuditAdmin, projectId: string, appName: string) => {
  await changeProject(ctx, admin, projectId, 'project.app-name', () => ({ values: { appName } }));
  return { message: texts.updated };
};

/**
 * The provider's API key of the channel (apiKey360), sealed at rest like every secret; the audit
 * row and the answer hold it masked to its last 4 characters only.
 */
export const setApiKey = async (ctx: SuperadminProjectsCtx, admin: AuditAdmin, projectId: string, apiKey: string) => {
  await changeProject(ctx, admin, projectId, 'project.api-key', (p) => ({
    values: { apiKey360Sealed: ctx.apiKeys.seal(apiKey) },
    before: { apiKey360: maskedApiKey(ctx, p.apiKey360Sealed) },
    after: { apiKey360: maskApiKey(apiKey) },
  }));
  return { message: texts.updated, apiKey360: maskApiKey(apiKey) };
};

/** The 'processed' marker (doc 2 section 4): set to now, or cleared. */
export const setProcessed = async (
  ctx: SuperadminProjectsCtx,
  admin: AuditAdmin,
  projectId: string,
  processed: boolean,
) => {
  const { values } = await changeProject(ctx, admin, projectId, 'project.processed', (_p, now) => ({
    values: { processedAt: processed ? now : null },
  }));
  return {
    message: processed ? texts.processedSet : texts.processedCleared,
    processedAt: values.processedAt ? values.processedAt.toISOString() : null,
  };
};
