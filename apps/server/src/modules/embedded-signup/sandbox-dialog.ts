import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmbeddedSignupSession } from '@pc/contract';
import { notFound } from '../../platform/errors/app-error.js';
import { escapeHtml as escape, sandboxHtml } from '../../platform/http/sandbox-page.js';
import { DEFAULT_USER_NAME } from '../../providers/meta/facebook/sandbox-login.js';
import type { SandboxSignup } from '../../providers/meta/signup/sandbox.js';

const tags = ['sandbox'];
const Scope = z.string().regex(/^[a-z_]{1,64}$/);

/** A number that reads as a healthy one (its id ends in 0; see providers/meta/signup/sandbox.ts). */
const sampleNumber = () => `9198${Array.from({ length: 7 }, () => randomInt(10)).join('')}0`;

/** The WhatsApp account to share: asked only when the login asks to manage WhatsApp (the sign-up's). */
const whatsappFields = () =>
  `<label for="business">Business name</label><input id="business" name="businessName" value="My Business" required maxlength="100">
<label for="phone">WhatsApp number</label><input id="phone" name="phoneNumber" inputmode="numeric" value="${sampleNumber()}" required pattern="[0-9]{10,15}">
<label for="display">Display name</label><input id="display" name="displayName" value="My Business" required maxlength="100">`;

/** Each name is a user with their own ad accounts and pages; the scenarios reach the empty states. */
const adsHint = `<p>Each name is its own Facebook user, with its own ad accounts and pages. A name with 'noads' has ad accounts without ads; with 'nopages', no page.</p>`;

/**
 * The dialog Facebook's login opens, as the sandbox's (ARCHITECTURE rule 15): who logs in (a
 * Facebook user by name: two names are two users, with their own ad accounts and pages), the
 * permissions asked for, each ticked and each can be unticked (as Facebook's "Edit access" allows),
 * and, for the sign-up, the WhatsApp Business Account to share with its number. Continue answers the
 * opener with an access token; Cancel answers not_authorized. A number ending in 101 to 109 picks an
 * onboarding scenario; a user named with 'noads' has ad accounts without ads, with 'nopages' no page.
 */
const dialog = (scopes: string[]) =>
  sandboxHtml(
    'Log in with Facebook',
    `<p>Sandbox of Facebook Login. The app asks for these permissions:</p>
<form id="f"><label for="user">Facebook user</label><input id="user" name="userName" value="${escape(DEFAULT_USER_NAME)}" required maxlength="100">
${scopes.some((s) => s.startsWith('ads_')) ? adsHint : ''}<fieldset><legend>Permissions</legend>${scopes
      .map(
        (s) =>
          `<label class="scope"><input type="checkbox" name="scope" value="${escape(s)}" checked>${escape(s)}</label>`,
      )
      .join('')}</fieldset>
${scopes.includes('whatsapp_business_management') ? whatsappFields() : ''}
<button type="submit">Continue</button><button type="button" id="cancel" class="secondary">Cancel</button></form>
<p id="done" hidden></p><script src="/sandbox/meta/assets/facebook-login.js"></script>`,
    'Facebook sandbox',
  );

const LoginRequest = z.object({
  scopes: z.array(Scope).max(20),
  userName: z.string().trim().min(1).max(100).default(DEFAULT_USER_NAME),
  businessName: z.string().trim().min(1).max(100).optional(),
  phoneNumber: z
    .string()
    .regex(/^\d{10,15}$/, 'Enter the number with its country code, digits only')
    .optional(),
  displayName: z.string().trim().min(1).max(100).optional(),
});

export const sandboxDialogRoutes =
  (facebook: SandboxSignup | null): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/facebook/dialog/oauth',
      {
        config: { access: 'public' },
        schema: { tags, querystring: z.object({ scope: z.string().min(1).max(1000) }) },
      },
      async (request, reply) => {
        if (!facebook) throw notFound();
        const scopes = request.query.scope.split(',').filter((s) => Scope.safeParse(s).success);
        return reply.type('text/html; charset=utf-8').send(dialog([...new Set(scopes)].slice(0, 20)));
      },
    );

    app.post(
      '/sandbox/facebook/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          body: LoginRequest,
          response: {
            200: z.object({
              accessToken: z.string(),
              code: z.string().optional(),
              session: EmbeddedSignupSession.optional(),
            }),
          },
        },
      },
      async (request) => {
        if (!facebook) throw notFound();
        const accessToken = await facebook.issue(request.body);
        // A login that shares a WhatsApp account is Embedded Signup's: its code and session too.
        const session = facebook.session(request.body);
        return session ? { accessToken, code: await facebook.issueCode(request.body), session } : { accessToken };
      },
    );
  };
