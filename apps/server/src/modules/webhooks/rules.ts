import { projectApiAllowed, webhookMessages, webhooksAllowed, webhookTopics, webhookUrlProblem } from '@pc/contract';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { Env } from '../../env.js';
import type { WebhooksProject } from './queries.js';
import { isSandboxReceiverUrl } from './sandbox-receiver.js';

/**
 * The topics as stored: at least one, each one of the 14, duplicates dropped, in the spec's order
 * (so a webhook's list reads the same however it was picked).
 */
export const normaliseTopics = (topics: string[]): string[] => {
  if (topics.length === 0) throw badRequest(webhookMessages.topicsRequired, { topics: webhookMessages.topicsRequired });
  const known = new Set<string>(webhookTopics);
  if (topics.some((t) => !known.has(t)))
    throw badRequest(webhookMessages.unknownTopic, { topics: webhookMessages.unknownTopic });
  const picked = new Set(topics);
  return webhookTopics.filter((t) => picked.has(t));
};

/** The URL as stored (trimmed), or a 400 with what is wrong with it. */
export const checkedUrl = (env: Env, url: string): string => {
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_URLS || isSandboxReceiverUrl(env, url);
  const problem = webhookUrlProblem(url, { allowPrivate });
  if (problem) throw badRequest(problem, { webhook_url: problem });
  return url.trim();
};

/** Doc 2 section 6: DIRECT partners load no webhooks and no private app. */
export const refuseDirect = (project: WebhooksProject) => {
  if (project.partnerType === 'DIRECT') throw forbidden(webhookMessages.notAllowed);
};

/**
 * A project whose webhooks may change: not archived (an action on an archived project is a 404, as
 * everywhere), and the Webhook tab's rule of doc 2 section 2.1 (contract `webhooksAllowed`).
 */
export const webhooksWritable = (project: WebhooksProject) => {
  if (project.partnerArchived) throw notFound('Project not found.');
  if (!webhooksAllowed(project, { type: project.partnerType })) throw forbidden(webhookMessages.notAllowed);
};

/** The Project Api tab's rule (contract `projectApiAllowed`), for its shared secret's Generate. */
export const projectApiWritable = (project: WebhooksProject) => {
  if (project.partnerArchived) throw notFound('Project not found.');
  if (!projectApiAllowed(project, { type: project.partnerType, planType: project.partnerPlanType }))
    throw forbidden(webhookMessages.privateAppNotAllowed);
};
