import { onboardingMessages, signupTexts, type SignupTestMessageRequest } from '@pc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors/app-error.js';
import { countryOfNumber } from '../project-api/recipient.js';
import { projectApiMessages } from '@pc/contract';
import type { SignupCtx } from './context.js';
import { updateSignup } from './queries.js';
import { signupOf } from './signup.js';

type TestInput = z.output<typeof SignupTestMessageRequest>;

/**
 * Meta puts the sample template hello_world (utility, en_US, no values) in every new WhatsApp
 * Business Account: the one message a new number can send to anyone before it has templates.
 */
const helloWorld = { name: 'hello_world', language: 'en_US', components: [] };

/**
 * POST /api/embed/signup/test-message (Send Test Message): hello_world from the new number to the
 * test mobile, once the mobile is verified and the number live. It goes out, and is charged to the
 * project's credit (the trial credit, when the partner gives one), as any project API message.
 */
export const sendSignupTestMessage = async (
  ctx: SignupCtx,
  token: string | undefined,
  input: TestInput,
  log: FastifyBaseLogger,
) => {
  const { signup, project } = await signupOf(ctx, token);
  if (!signup.phoneVerifiedAt) throw badRequest(signupTexts.verifyFirst);
  if (!project.isWhatsappVerified || !project.wabaNumberId) throw badRequest(onboardingMessages.notLive);
  const to = `${input.dialCode}${input.mobile}`;
  const country = countryOfNumber(to);
  if (!country)
    throw badRequest(projectApiMessages.unknownCountry(to), { mobile: projectApiMessages.unknownCountry(to) });
  await ctx.deliver(
    project,
    { phoneNumberId: project.wabaNumberId, to, country, category: 'utility', template: helloWorld },
    log,
  );
  await updateSignup(ctx.db, signup, { testMessageSentAt: ctx.now() });
  return { message: signupTexts.testMessageSent };
};
