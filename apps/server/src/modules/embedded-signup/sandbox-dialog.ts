import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors/app-error.js';
import { escapeHtml as escape, sandboxHtml } from '../../platform/http/sandbox-page.js';
import type { SandboxSignup } from '../../providers/meta/signup/sandbox.js';

const tags = ['sandbox'];
const Scope = z.string().regex(/^[a-z_]{1,64}$/);

/** A number that reads as a healthy one (its id ends in 0; see providers/meta/signup/sandbox.ts). */
const sampleNumber = () => `9198${Array.from({ length: 7 }, () => randomInt(10)).join('')}0`;

/**
 * The dialog Facebook's login opens, as the sandbox's (ARCHITECTURE rule 15): the permissions asked
 * for, each ticked and each can be unticked (as Facebook's "Edit access" allows), and the WhatsApp
 * Business Account to share with its number. Continue answers the opener with an access token;
 * Cancel answers not_authorized. A number ending in 101 to 109 picks an onboarding scenario.
 */
const dialog = (scopes: string[]) =>
  sandboxHtml(
    'Log in with Facebook',
    `<p>Sandbox of Facebook Login. The sign-up asks for these permissions:</p>
<form id="f"><fieldset><legend>Permissions</legend>${scopes
      .map(
        (s) =>
          `<label class="scope"><input type="checkbox" name="scope" value="${escape(s)}" checked>${escape(s)}</label>`,
      )
      .join('')}</fieldset>
<label for="business">Business name</label><input id="business" name="businessName" value="My Business" required maxlength="100">
<label for="phone">WhatsApp number</label><input id="phone" name="phoneNumber" inputmode="numeric" value="${sampleNumber()}" required pattern="[0-9]{10,15}">
<label for="display">Display name</label><input id="display" name="displayName" value="My Business" required maxlength="100">
<button type="submit">Continue</button><button type="button" id="cancel" class="secondary">Cancel</button></form>
<p id="done" hidden></p><script src="/sandbox/meta/assets/facebook-login.js"></script>`,
    'Facebook sandbox',
  );

const LoginRequest = z.object({
  scopes: z.array(Scope).max(20),
  businessName: z.string().trim().min(1).max(100),
  phoneNumber: z.string().regex(/^\d{10,15}$/, 'Enter the number with its country code, digits only'),
  displayName: z.string().trim().min(1).max(100),
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
        schema: { tags, body: LoginRequest, response: { 200: z.object({ accessToken: z.string() }) } },
      },
      async (request) => {
        if (!facebook) throw notFound();
        return { accessToken: await facebook.issue(request.body) };
      },
    );
  };
