import type { FastifyBaseLogger } from 'fastify';
import {
  isBsuid,
  projectApiMessages as m,
  templateMessages,
  type SendTemplateMessageRequest,
  type SendTemplateMessageResponse,
} from '@pc/contract';
import { AppError, badRequest, forbidden } from '../../platform/errors/app-error.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import type { TemplateMessage } from '../../providers/meta/messages/messages.js';
import type { Category } from '../charging/price.js';
import { ingestMessageEvents } from '../charging/ingest.js';
import { contactCreated, contactIdOf } from '../webhooks/contact-events.js';
import { emitWebhookEvents } from '../webhooks/delivery/index.js';
import type { ProjectApiCtx } from './context.js';
import { assertPayable } from './credit.js';
import type { ProjectApiCaller } from './guard.js';
import { refusalBeforeSending } from './meta-refusals.js';
import { findTemplate, recipientKnown } from './queries.js';
import { countryOfBsuid, countryOfNumber } from './recipient.js';
import { callbackDataOf } from './status.js';
import { categoryOf, componentsFor } from './template-shape.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/** Statuses of a project that must not send: billing stopped, or held by the platform. */
const silentStatuses = ['stopped', 'unpaid', 'suspended', 'terminated', 'archived'];

const providerError = (error: unknown): AppError => {
  if (error instanceof MetaApiError && error.httpStatus >= 400 && error.httpStatus < 500) {
    const code = String(error.subcode ?? error.code ?? '');
    const text = [error.message, error.userMessage].filter(Boolean).join('. ');
    return new AppError('PROVIDER_REFUSED', 422, m.providerRefused(text.includes(code) ? text : `${text} (#${code})`));
  }
  return new AppError('PROVIDER_UNAVAILABLE', 502, m.providerUnavailable);
};

/**
 * POST /api/v1/messages: a template message to one recipient, by the checks in order (the project
 * may send, the number, the template and its values), then delivered (deliverTemplate).
 */
export const sendTemplateMessage = async (
  ctx: ProjectApiCtx,
  caller: ProjectApiCaller,
  body: SendTemplateMessageRequest,
  log: FastifyBaseLogger,
): Promise<SendTemplateMessageResponse> => {
  const { project } = caller;
  if (silentStatuses.includes(project.status)) throw forbidden(m.projectCannotSend(project.status));
  if (!project.isWhatsappVerified) throw badRequest(templateMessages.wabaNotLive);
  // The sandbox's demo projects went live without a number id: their own id stands for it there.
  const phoneNumberId = project.wabaNumberId ?? (ctx.messages.mode === 'sandbox' ? project.id : null);
  if (!phoneNumberId) throw badRequest(templateMessages.wabaNotLive);

  const to = body.to.replace(/^\+/, '');
  const bsuid = isBsuid(to);
  const country = bsuid ? countryOfBsuid(to) : countryOfNumber(to);
  if (!country) {
    const text = bsuid ? m.unknownBsuidCountry(to) : m.unknownCountry(to);
    throw badRequest(text, { to: text });
  }
  const { name, language } = body.template;
  const template = await findTemplate(ctx.db, project.partnerId, project.id, name, language);
  if (!template)
    throw badRequest(m.unknownTemplate(name, language), { 'template.name': m.unknownTemplate(name, language) });
  if (template.status !== 'APPROVED')
    throw badRequest(m.notApproved(name, language, template.status), {
      'template.name': m.notApproved(name, language, template.status),
    });
  const built = componentsFor(template, body.template);
  if (!built.ok) throw badRequest(built.message, { [built.field]: built.message });
  return deliverTemplate(
    ctx,
    project,
    {
      phoneNumberId,
      to,
      country,
      category: categoryOf(template),
      template: { name: template.name, language: template.language, components: built.components },
    },
    log,
  );
};

/** A template message ready to go: the number it leaves from, its recipient and what it opens. */
export type TemplateDelivery = {
  phoneNumberId: string;
  /** Phone digits with the country code, or a business-scoped user id: kept as given. */
  to: string;
  country: string;
  category: Exclude<Category, 'service'>;
  template: TemplateMessage['template'];
};

/**
 * Refused first, as Meta would refuse it, when the recipient stopped the project's marketing
 * messages or is a BSUID that authentication templates cannot reach (meta-refusals.ts). Then one
 * send of the project at a time in this process: the credit check, the provider's send, and the
 * 'sent' event recorded at once (charging the conversation it opens) with `contact.created` for a
 * recipient new to the project. The later statuses (delivered, read, failed) come from the provider.
 * Also the embedded sign-up's test message (modules/embedded-signup), charged as any other.
 */
export const deliverTemplate = async (
  ctx: ProjectApiCtx,
  project: { id: string; partnerId: string },
  d: TemplateDelivery,
  log: FastifyBaseLogger,
): Promise<SendTemplateMessageResponse> => {
  const { to, category, country } = d;
  const refusal = await refusalBeforeSending(ctx.db, project, d);
  if (refusal) throw providerError(refusal);
  const key = { partnerId: project.partnerId, projectId: project.id, recipient: to };
  return ctx.serial(project.id, async () => {
    const known = await recipientKnown(ctx.db, key);
    await assertPayable(ctx.db, { ...key, category, country, at: ctx.now() });
    const sent = await ctx.messages
      .sendTemplate({
        phoneNumberId: d.phoneNumberId,
        to,
        template: d.template,
        callbackData: callbackDataOf({ projectId: project.id, category, country }),
      })
      .catch((error: unknown) => {
        if (!(error instanceof MetaApiError)) log.warn({ err: error }, 'the messaging provider failed');
        throw providerError(error);
      });
    try {
      await ingestMessageEvents(ctx.db, [
        {
          messageId: sent.messageId,
          projectId: project.id,
          status: 'sent',
          category,
          initiator: 'business',
          country,
          recipient: to,
          timestamp: sent.acceptedAt.toISOString(),
        },
      ]);
      if (!known) await announceContact(ctx, { ...key, at: sent.acceptedAt });
    } catch (error) {
      // The message is out: it is accepted whatever happens here. Its 'sent' status from the
      // provider records it later (the sandbox's job is retried), so nothing is lost but time.
      log.error({ err: error, messageId: sent.messageId }, 'a sent message could not be recorded at once');
    }
    return { messageId: sent.messageId, status: 'accepted' as const };
  });
};

/** `contact.created` (source API) for the project's webhooks, the first time a recipient is messaged (its own transaction). */
const announceContact = async (
  ctx: ProjectApiCtx,
  c: { partnerId: string; projectId: string; recipient: string; at: Date },
) => {
  const base = { partnerId: c.partnerId, projectId: c.projectId, occurredAt: c.at };
  const id = contactIdOf(c.projectId, c.recipient);
  const contact = isBsuid(c.recipient) ? { id, userId: c.recipient } : { id, phone: c.recipient };
  const { deliveries } = await ctx.db.transaction((tx) =>
    emitWebhookEvents(tx, [contactCreated(base, contact, 'API')]),
  );
  if (deliveries > 0) jobsSignal.kick();
};
