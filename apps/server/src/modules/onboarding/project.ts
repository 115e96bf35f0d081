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

/** What a call acts on at Meta; without it the project is not on WhatsApp yet. */
export const idOrNotLive = (id: string | null): string => {
  if (!id) throw badRequest(m.notLive);
  return id;
};

export const phoneNumberOf = (project: OnboardingProject) => idOrNotLive(project.wabaNumberId);

/** Meta did not answer (a network error, a timeout): 502, and nothing changed here. */
export const metaUnavailable = () => new AppError('PROVIDER_UNAVAILABLE', 502, m.metaUnavailable);
