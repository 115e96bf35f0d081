import type { SandboxPhone } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import type { OnboardingCtx } from './context.js';
import { phoneNumberOf, projectToOnboard } from './project.js';

/** The sandbox's phone of the project's number: only with the sandbox Meta, only the partner's own project. */
const sandboxOf = async (ctx: OnboardingCtx, partnerId: string, projectId: string) => {
  if (!ctx.sandbox) throw notFound();
  const project = await projectToOnboard(ctx, partnerId, projectId);
  return { sandbox: ctx.sandbox, phone: phoneNumberOf(ctx, project), project };
};

export const sandboxPhone = async (ctx: OnboardingCtx, partnerId: string, projectId: string): Promise<SandboxPhone> => {
  const { sandbox, phone } = await sandboxOf(ctx, partnerId, projectId);
  const n = await sandbox.number(phone);
  return {
    phoneNumberId: phone,
    inbox: n.inbox.map((i) => ({ code: i.code, method: i.method === 'VOICE' ? 'VOICE' : 'SMS', at: i.at })),
    verified: n.verified,
    registered: n.registered,
    twoStepOn: n.twoStepPinHash !== null,
  };
};

/**
 * WhatsApp Manager's "turn off two-step verification", as the 'Disable 2FA' message asks. The
 * sandbox stands for Meta here, so its change is made first, as Meta's would be, and the activity
 * log's entry follows it; turning off what is already off writes none.
 */
export const turnOffTwoStep = async (
  ctx: OnboardingCtx,
  viewer: AgentViewer,
  projectId: string,
): Promise<SandboxPhone> => {
  const { partnerId } = viewer;
  const { sandbox, phone, project } = await sandboxOf(ctx, partnerId, projectId);
  const wasOn = (await sandbox.number(phone)).twoStepPinHash !== null;
  await sandbox.disableTwoStep(phone);
  if (wasOn)
    await recordPartnerChange(ctx.db, viewer, {
      action: 'project.phone',
      target: { kind: 'project', id: project.id, name: project.name },
      before: { twoStepOn: true },
      after: { twoStepOn: false },
    });
  return sandboxPhone(ctx, partnerId, projectId);
};
