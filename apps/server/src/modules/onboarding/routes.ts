import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OnboardingOutcome,
  OnboardingProjectRequest,
  OnboardingState,
  RegisterWithPinRequest,
  SandboxPhone,
  TriggerCodeRequest,
  VerifyCodeRequest,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { triggerCode, verifyCode } from './code.js';
import type { OnboardingCtx } from './context.js';
import { healthCheck } from './health.js';
import { projectToOnboard } from './project.js';
import { registerWithPin } from './register.js';
import { sandboxPhone, turnOffTwoStep } from './sandbox-phone.js';
import { onboardingStateOf } from './state.js';

const tags = ['onboarding'];
// Doc 2 section 6: the troubleshooting stepper needs write access; reading the state, read access.
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;
const params = z.object({ partnerId: z.string() });
const projectParams = z.object({ partnerId: z.string(), projectId: z.string().max(100) });

/** Registration and health (doc 2 section 7.4), the onboarding state, and the sandbox's phone. */
export const onboardingRoutes =
  (ctx: OnboardingCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/partner/:partnerId/onboarding/:projectId',
      { config: read, schema: { tags, params: projectParams, response: { 200: OnboardingState } } },
      async (request) => {
        const project = await projectToOnboard(ctx, agentOf(request).partnerId, request.params.projectId);
        return onboardingStateOf(ctx, project, ctx.now());
      },
    );

    const step = <B extends z.ZodType<{ assistantId: string }>>(
      path: string,
      body: B,
      run: (viewer: AgentViewer, body: z.infer<B>) => Promise<OnboardingOutcome>,
    ) =>
      app.post(
        path,
        { config: write, schema: { tags, params, body, response: { 200: OnboardingOutcome } } },
        (request) => run(agentOf(request), request.body as z.infer<B>),
      );

    step('/partner/:partnerId/register-with-pin', RegisterWithPinRequest, (v, b) =>
      registerWithPin(ctx, v.partnerId, b, v),
    );
    step('/partner/:partnerId/verify-code', VerifyCodeRequest, (v, b) => verifyCode(ctx, v, b));
    // The spec's client sends this one to the literal path '/partner/:partnerId/trigger-code'; the
    // access layer reads that placeholder as the session's partner.
    step('/partner/:partnerId/trigger-code', TriggerCodeRequest, (v, b) => triggerCode(ctx, v, b));
    // Meta's health read and kept for the doctor: no member's change, so no activity log entry.
    step('/partner/:partnerId/waba-app-id-health-check', OnboardingProjectRequest, (v, b) =>
      healthCheck(ctx, v.partnerId, b.assistantId, 'account'),
    );
    step('/partner/:partnerId/waba-number-id-health-check', OnboardingProjectRequest, (v, b) =>
      healthCheck(ctx, v.partnerId, b.assistantId, 'number'),
    );

    app.get(
      '/partner/:partnerId/sandbox-phone/:projectId',
      { config: read, schema: { tags, params: projectParams, response: { 200: SandboxPhone } } },
      (request) => sandboxPhone(ctx, agentOf(request).partnerId, request.params.projectId),
    );
    app.post(
      '/partner/:partnerId/sandbox-phone/:projectId/turn-off-two-step',
      { config: write, schema: { tags, params: projectParams, response: { 200: SandboxPhone } } },
      (request) => turnOffTwoStep(ctx, agentOf(request), request.params.projectId),
    );
  };
