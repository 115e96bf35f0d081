import type { SandboxPhone } from '@pc/contract';
import { notFound } from '../../platform/errors/app-error.js';
import type { OnboardingCtx } from './context.js';
import { phoneNumberOf, projectToOnboard } from './project.js';

/** The sandbox's phone of the project's number: only with the sandbox Meta, only the partner's own project. */
const sandboxOf = async (ctx: OnboardingCtx, partnerId: string, projectId: string) => {
  if (!ctx.sandbox) throw notFound();
  const project = await projectToOnboard(ctx, partnerId, projectId);
  return { sandbox: ctx.sandbox, phone: phoneNumberOf(ctx, project) };
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

/** WhatsApp Manager's "turn off two-step verification", as the 'Disable 2FA' message asks. */
export const turnOffTwoStep = async (
  ctx: OnboardingCtx,
  partnerId: string,
  projectId: string,
): Promise<SandboxPhone> => {
  const { sandbox, phone } = await sandboxOf(ctx, partnerId, projectId);
  await sandbox.disableTwoStep(phone);
  return sandboxPhone(ctx, partnerId, projectId);
};
