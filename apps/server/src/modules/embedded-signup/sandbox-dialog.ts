import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmbeddedSignupSession } from '@pc/contract';
import { notFound } from '../../platform/errors/app-error.js';
import { escapeHtml as escape, sandboxHtml } from '../../platform/http/sandbox-page.js';
import type { AccountField } from '../../providers/meta/accounts/words.js';
import { partnerEvent } from '../../providers/meta/accounts/meta-payloads.js';
import { DEFAULT_USER_NAME, sandboxDigits } from '../../providers/meta/facebook/sandbox-login.js';
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
const dialog = (scopes: string[], back: { redirectUri: string; state: string } | null) =>
  sandboxHtml(
    'Log in with Facebook',
    `<p>Sandbox of Facebook Login. The app asks for these permissions:</p>
<form id="f"${back ? ` data-redirect="${escape(back.redirectUri)}" data-state="${escape(back.state)}"` : ''}><label for="user">Facebook user</label><input id="user" name="userName" value="${escape(DEFAULT_USER_NAME)}" required maxlength="100">
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

/** A redirect URI the sandbox's app allows ("Valid OAuth Redirect URIs"): this server's link callback only. */
const blockedRedirect = () =>
  sandboxHtml(
    'Log in with Facebook',
    `<p id="error">URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.</p>`,
    'Facebook sandbox',
  );

const DialogQuery = z.object({
  scope: z.string().min(1).max(1000),
  redirect_uri: z.string().max(500).optional(),
  state: z.string().max(2000).optional(),
});

const LoginRequest = z.object({
  scopes: z.array(Scope).max(20),
  /** A redirect login's (a link's): the code it answers is bound to this URI, as Facebook's is. */
  redirectUri: z.string().max(500).optional(),
  userName: z.string().trim().min(1).max(100).default(DEFAULT_USER_NAME),
  businessName: z.string().trim().min(1).max(100).optional(),
  phoneNumber: z
    .string()
    .regex(/^\d{10,15}$/, 'Enter the number with its country code, digits only')
    .optional(),
  displayName: z.string().trim().min(1).max(100).optional(),
});

/** What the sandbox's Meta delivers to the console's webhook (modules/account-events' receive). */
export type AnnounceAccountChange = (d: {
  entryId: string;
  time: number;
  field: AccountField;
  value: unknown;
}) => Promise<unknown>;

/** The platform's business portfolio, as the sandbox's account_update webhooks name it. */
const SANDBOX_PARTNER_BUSINESS = sandboxDigits('sandbox-platform-business', 15);

/**
 * As Meta does when a client finishes Embedded Signup: account_update PARTNER_ADDED to the
 * platform's webhook, before the page (or the link callback) trades the code.
 */
export const announcePartnerAdded = async (announce: AnnounceAccountChange, s: EmbeddedSignupSession, time: number) => {
  if (!s.businessId) return;
  const info = { wabaId: s.wabaId, ownerBusinessId: s.businessId };
  for (const entry of partnerEvent('PARTNER_ADDED', SANDBOX_PARTNER_BUSINESS, time, info).entry)
    for (const change of entry.changes)
      await announce({ entryId: entry.id, time: entry.time, field: change.field as AccountField, value: change.value });
};

/**
 * The sandbox's login dialog, opened as a popup by our pages' SDK (it answers the opener) or by a
 * generated link (Facebook's manual login flow: it sends the browser back to `redirect_uri` with a
 * code and the link's `state`, or with `error=access_denied` when cancelled).
 */
export const sandboxDialogRoutes =
  (
    facebook: SandboxSignup | null,
    allowedRedirect: string,
    announce: AnnounceAccountChange,
    now: () => Date,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/facebook/dialog/oauth',
      { config: { access: 'public' }, schema: { tags, querystring: DialogQuery } },
      async (request, reply) => {
        if (!facebook) throw notFound();
        const { scope, redirect_uri: redirectUri, state } = request.query;
        const html = reply.type('text/html; charset=utf-8');
        if (redirectUri !== undefined && redirectUri !== allowedRedirect)
          return html.status(400).send(blockedRedirect());
        const scopes = scope.split(',').filter((s) => Scope.safeParse(s).success);
        const back = redirectUri ? { redirectUri, state: state ?? '' } : null;
        return html.send(dialog([...new Set(scopes)].slice(0, 20), back));
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
              accessToken: z.string().optional(),
              code: z.string().optional(),
              session: EmbeddedSignupSession.optional(),
            }),
          },
        },
      },
      async (request) => {
        if (!facebook) throw notFound();
        const { redirectUri, ...login } = request.body;
        if (redirectUri !== undefined && redirectUri !== allowedRedirect) throw notFound();
        const shared = facebook.session(login);
        if (shared) await announcePartnerAdded(announce, shared, Math.floor(now().getTime() / 1000));
        // A link's login answers a code only, for its redirect; the popup's, its token (and code).
        if (redirectUri) return { code: await facebook.issueCode(login, redirectUri) };
        const accessToken = await facebook.issue(login);
        // A login that shares a WhatsApp account is Embedded Signup's: its code and session too.
        return shared ? { accessToken, code: await facebook.issueCode(login), session: shared } : { accessToken };
      },
    );
  };
