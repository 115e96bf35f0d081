import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MessageBody,
  SIGNUP_TOKEN_HEADER,
  SignupOtpRequest,
  SignupOtpResponse,
  SignupPageResponse,
  SignupSandboxPhoneResponse,
  SignupSessionResponse,
  SignupTestMessageRequest,
  StartSignupRequest,
  StartSignupResponse,
  SubmitFacebookAccessTokenRequest,
  SubmitFacebookAccessTokenResponse,
  VerifySignupOtpRequest,
} from '@pc/contract';
import { notFound } from '../../platform/errors/app-error.js';
import { submitFacebookAccessToken } from './connect.js';
import type { SignupCtx } from './context.js';
import { sendSignupOtp, signupSandboxPhone, verifySignupOtp } from './otp.js';
import { signupPage } from './page.js';
import { signupSession } from './signup.js';
import { startSignup } from './start.js';
import { sendSignupTestMessage } from './test-message.js';

const tags = ['embedded sign-up'];
const params = z.object({ partnerId: z.string().max(100) });
// Public: the client has no account yet. Reading is the public limit; what creates, sends or
// checks a code takes the sign-in forms' lower one per address.
const page = { access: 'public' } as const;
const act = { access: 'public', publicLimit: 'signIn' } as const;

const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[SIGNUP_TOKEN_HEADER];
  return Array.isArray(value) ? value[0] : value;
};

/** The public embedded sign-up page's calls (doc 3 section 7, "Embedded sign-up", and ours). */
export const signupRoutes =
  (ctx: SignupCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/:partnerId/embed/signup',
      { config: page, schema: { tags, params, response: { 200: SignupPageResponse } } },
      (request) => signupPage(ctx, request.params.partnerId),
    );
    app.post(
      '/api/:partnerId/embed/signup',
      { config: act, schema: { tags, params, body: StartSignupRequest, response: { 200: StartSignupResponse } } },
      (request) => startSignup(ctx, request.params.partnerId, request.body, request.ip),
    );
    app.post(
      '/api/submit-facebook-access-token',
      {
        config: act,
        schema: {
          tags,
          body: SubmitFacebookAccessTokenRequest,
          response: { 200: SubmitFacebookAccessTokenResponse },
        },
      },
      (request) => submitFacebookAccessToken(ctx, tokenOf(request), request.body, request.log),
    );
    app.get(
      '/api/embed/signup/session',
      { config: page, schema: { tags, response: { 200: SignupSessionResponse } } },
      (request) => signupSession(ctx, tokenOf(request)),
    );
    app.post(
      '/api/embed/signup/otp',
      { config: act, schema: { tags, body: SignupOtpRequest, response: { 200: SignupOtpResponse } } },
      (request) => sendSignupOtp(ctx, tokenOf(request), request.body, request.log),
    );
    app.post(
      '/api/embed/signup/verify-otp',
      { config: act, schema: { tags, body: VerifySignupOtpRequest, response: { 200: MessageBody } } },
      (request) => verifySignupOtp(ctx, tokenOf(request), request.body, request.ip),
    );
    app.post(
      '/api/embed/signup/test-message',
      { config: act, schema: { tags, body: SignupTestMessageRequest, response: { 200: MessageBody } } },
      (request) => sendSignupTestMessage(ctx, tokenOf(request), request.body, request.log),
    );
    // The sandbox phone network itself, by number (sandbox only, public as the sandbox's pages are):
    // what a tester reads a Meta Ads link code from, or any text the sandbox "sent".
    app.get(
      '/sandbox/phone/:number',
      {
        config: page,
        schema: {
          tags: ['sandbox'],
          params: z.object({ number: z.string().regex(/^\d{6,15}$/) }),
          response: { 200: SignupSandboxPhoneResponse },
        },
      },
      async (request) => {
        if (!ctx.sms.sandbox) throw notFound();
        return { inbox: await ctx.sms.sandbox.inbox(ctx.db, request.params.number) };
      },
    );
    app.get(
      '/api/embed/signup/sandbox-phone',
      { config: page, schema: { tags, querystring: SignupOtpRequest, response: { 200: SignupSandboxPhoneResponse } } },
      (request) => signupSandboxPhone(ctx, tokenOf(request), request.query),
    );
  };
