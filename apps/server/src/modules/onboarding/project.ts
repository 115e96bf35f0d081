import { onboardingMessages as m } from '@pc/contract';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import type { OnboardingCtx } from './context.js';
import { findOnboardingProject, type OnboardingProject } from './queries.js';

/** The partner's project to onboard: another partner's, an unknown or an archived one is 404. */
export const projectToOnboard = async (ctx: OnboardingCtx, partnerId: string, projectId: string) => {
  const project = await findOnboardingProject(ctx.db, partnerId, projectId);
  if (!project) throw notFound('Project not found.');
  return project;
};

/**
 * What a call acts on at Meta: the project's number or account id. The sandbox's demo projects went
 * live without a sign-up, so there a live project without one uses its own id (as the templates'
 * sandbox does for the account); otherwise the project is not on WhatsApp yet.
 */
export const metaIdOrNull = (
  ctx: { sandbox: unknown },
  project: Pick<OnboardingProject, 'id' | 'wabaNumberId' | 'wabaAppId' | 'isWhatsappVerified'>,
  of: 'number' | 'account',
): string | null =>
  (of === 'number' ? project.wabaNumberId : project.wabaAppId) ??
  (ctx.sandbox && project.isWhatsappVerified ? project.id : null);

export const metaIdOf = (ctx: OnboardingCtx, project: OnboardingProject, of: 'number' | 'account'): string => {
  const id = metaIdOrNull(ctx, project, of);
  if (!id) throw badRequest(m.notLive);
  return id;
};

export const phoneNumberOf = (ctx: OnboardingCtx, project: OnboardingProject) => metaIdOf(ctx, project, 'number');

/** Meta did not answer (a network error, a timeout): 502, and nothing changed here. */
export const metaUnavailable = () => new AppError('PROVIDER_UNAVAILABLE', 502, m.metaUnavailable);
