import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody, type LinkKind } from '@pc/contract';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { escapeHtml as escape, sandboxHtml as html } from '../../platform/http/sandbox-page.js';
import { sandboxPages } from '../../providers/meta/sandbox.js';
import type { ProjectsCtx } from './context.js';
import { recordSignUp } from '../onboarding/queries.js';
import { findProject, updateProject } from './queries.js';

const tags = ['sandbox'];
const titles: Record<LinkKind, string> = {
  waba: 'Connect your WhatsApp number',
  migration: 'Migrate your WhatsApp number',
  ads: 'Connect Meta Ads',
  catalog: 'Connect your catalog',
};
const kinds = Object.fromEntries(Object.entries(sandboxPages).map(([k, v]) => [v, k as LinkKind])) as Record<
  string,
  LinkKind
>;

/** n random digits, not starting with 0 (ids and numbers as Meta shows them). */
const digits = (n: number) => String(randomInt(1, 10)) + Array.from({ length: n - 1 }, () => randomInt(10)).join('');

const invalidLink = 'This link is invalid or has expired.';
const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/sandbox');
const assets = {
  'page.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(path.join(assetsDir, 'page.js')) },
  'page.css': { type: 'text/css; charset=utf-8', body: readFileSync(path.join(assetsDir, 'page.css')) },
  // The sandbox Facebook login dialog's (modules/embedded-signup/sandbox-dialog.ts).
  'facebook-login.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(path.join(assetsDir, 'facebook-login.js')),
  },
};

/**
 * The page behind a link. No request data is ever written into a script: the page's script is a file
 * of its own (under the CSP's script-src 'self'), and the token reaches it HTML-escaped in data-token.
 */
const page = (kind: LinkKind, token: string, projectName: string) =>
  html(
    titles[kind],
    `<p>Sandbox of the messaging provider, for project <b>${escape(projectName)}</b>.</p>
<form id="f" data-token="${escape(token)}">${
      kind === 'waba' || kind === 'migration'
        ? '<label for="phone">Phone number (with country code)</label><input id="phone" name="phoneNumber" inputmode="numeric" value="9199" required pattern="[0-9]{10,15}"><label for="name">Display name</label><input id="name" name="displayName" required>'
        : ''
    }<button type="submit">${kind === 'waba' ? 'Finish' : 'Connect'}</button></form><p id="done" hidden></p>
<script src="/sandbox/meta/assets/page.js"></script>`,
  );

const invalidLinkPage = () => html('Meta sandbox', `<p id="error">${escape(invalidLink)}</p>`);

const CompleteRequest = z.object({
  t: z.string().min(1).max(2000),
  phoneNumber: z
    .string()
    .regex(/^\d{10,15}$/, 'Enter the number with its country code, digits only')
    .optional(),
  displayName: z.string().trim().min(1).max(100).optional(),
});

/** The sandbox Meta's pages behind the generated links; completing one changes the project as Meta's callback would. */
export const sandboxRoutes =
  (ctx: ProjectsCtx): FastifyPluginAsyncZod =>
  async (app) => {
    const verify = async (token: string) => {
      const claims = await ctx.linkTokens.verify(token, ctx.now().getTime());
      if (!claims) throw badRequest(invalidLink);
      return claims;
    };

    app.get(
      '/sandbox/meta/assets/:file',
      { config: { access: 'public' }, schema: { tags, params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        const { file } = request.params;
        // Own keys only: 'constructor' or '__proto__' would otherwise find Object's.
        if (!Object.hasOwn(assets, file) || !ctx.sandbox) throw notFound();
        const asset = assets[file as keyof typeof assets];
        return reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
      },
    );

    app.get(
      '/sandbox/meta/:page',
      {
        config: { access: 'public' },
        schema: { tags, params: z.object({ page: z.string() }), querystring: z.object({ t: z.string().max(2000) }) },
      },
      async (request, reply) => {
        const kind = kinds[request.params.page];
        if (!kind || !ctx.sandbox) throw notFound();
        const claims = await ctx.linkTokens.verify(request.query.t, ctx.now().getTime());
        const html = reply.type('text/html; charset=utf-8');
        if (!claims || claims.kind !== kind) return html.status(400).send(invalidLinkPage());
        const project = await findProject(ctx.db, claims.partnerId, claims.projectId);
        if (!project) throw notFound('Project not found.');
        return html.send(page(kind, request.query.t, project.name));
      },
    );

    app.post(
      '/sandbox/meta/complete',
      { config: { access: 'public' }, schema: { tags, body: CompleteRequest, response: { 200: MessageBody } } },
      async (request) => {
        if (!ctx.sandbox) throw notFound();
        const claims = await verify(request.body.t);
        const project = await findProject(ctx.db, claims.partnerId, claims.projectId);
        // A link generated before the project was archived connects nothing now.
        if (!project || project.partnerArchived) throw notFound('Project not found.');
        const now = ctx.now();
        if (claims.kind === 'waba' || claims.kind === 'migration') {
          const number = request.body.phoneNumber ?? `9199${digits(8)}`;
          const fbBusinessId = project.fbBusinessId ?? digits(15);
          const state = {
            isWhatsappVerified: true,
            whatsappNumber: number,
            whatsAppDisplayName: request.body.displayName ?? project.name,
            displayNameStatus: 'APPROVED',
            qualityRating: 'GREEN',
            messagingLimit: 'TIER_250',
          };
          ctx.sandbox.record(project.id, state, {
            id: fbBusinessId,
            name: `${project.name} Business Manager`,
            verification_status: 'verified',
          });
          await updateProject(ctx.db, claims.partnerId, project.id, {
            ...state,
            // Ending in 0: a healthy number of the sandbox's onboarding (providers/meta/onboarding/scenarios.ts).
            wabaNumberId: project.wabaNumberId ?? `${digits(14)}0`,
            wabaAppId: project.wabaAppId ?? `${digits(14)}0`,
            wabaProgressStep: 9,
            channelActivatedOn: project.channelActivatedOn ?? now,
            fbManagerVerified: true,
            fbBusinessId,
            fbBusinessName: `${project.name} Business Manager`,
          });
          await recordSignUp(ctx.db, project, claims.kind, now);
          return { message: 'Your WhatsApp number is connected. You can close this page.' };
        }
        if (claims.kind === 'ads') {
          await updateProject(ctx.db, claims.partnerId, project.id, { adSetupDetails: { isSetupCompleted: true } });
          return { message: 'Meta Ads connected. You can close this page.' };
        }
        return { message: 'Catalog connected. You can close this page.' };
      },
    );
  };
