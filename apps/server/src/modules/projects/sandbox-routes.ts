import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody, type LinkKind } from '@pc/contract';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { sandboxPages } from '../../providers/meta/sandbox.js';
import type { ProjectsCtx } from './context.js';
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

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (kind: LinkKind, token: string, projectName: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${titles[kind]} · Meta sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f2f5;margin:0;padding:24px}main{max-width:440px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px #0003}
h1{font-size:20px;margin:0 0 8px}p{color:#555}label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:8px;font-size:15px}
button{margin-top:16px;width:100%;padding:10px;background:#1877f2;color:#fff;border:0;border-radius:6px;font-size:16px;cursor:pointer}#done{color:#0a7f3f;font-weight:600}</style></head>
<body><main><h1>${titles[kind]}</h1><p>Sandbox of the messaging provider, for project <b>${escape(projectName)}</b>.</p>
<form id="f">${
  kind === 'waba' || kind === 'migration'
    ? '<label for="phone">Phone number (with country code)</label><input id="phone" name="phoneNumber" inputmode="numeric" value="9199" required pattern="[0-9]{10,15}"><label for="name">Display name</label><input id="name" name="displayName" required>'
    : ''
}<button type="submit">${kind === 'waba' ? 'Finish' : 'Connect'}</button></form><p id="done" hidden></p></main>
<script>const f=document.getElementById('f');f.addEventListener('submit',async(e)=>{e.preventDefault();const d=Object.fromEntries(new FormData(f));
const r=await fetch('/sandbox/meta/complete',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({t:${JSON.stringify(token)},...d})});
const b=await r.json();const o=document.getElementById('done');o.hidden=false;o.textContent=b.message;if(r.ok)f.hidden=true;});</script></body></html>`;

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
    const verify = (token: string) => {
      const claims = ctx.linkTokens.verify(token, ctx.now().getTime());
      if (!claims) throw badRequest('This link is invalid or has expired.');
      return claims;
    };

    app.get(
      '/sandbox/meta/:page',
      {
        config: { access: 'public' },
        schema: { tags, params: z.object({ page: z.string() }), querystring: z.object({ t: z.string().max(2000) }) },
      },
      async (request, reply) => {
        const kind = kinds[request.params.page];
        if (!kind || !ctx.sandbox) throw notFound();
        const claims = verify(request.query.t);
        if (claims.kind !== kind) throw badRequest('This link is invalid or has expired.');
        const project = await findProject(ctx.db, claims.partnerId, claims.projectId);
        if (!project) throw notFound('Project not found.');
        return reply.type('text/html; charset=utf-8').send(page(kind, request.query.t, project.name));
      },
    );

    app.post(
      '/sandbox/meta/complete',
      { config: { access: 'public' }, schema: { tags, body: CompleteRequest, response: { 200: MessageBody } } },
      async (request) => {
        if (!ctx.sandbox) throw notFound();
        const claims = verify(request.body.t);
        const project = await findProject(ctx.db, claims.partnerId, claims.projectId);
        if (!project) throw notFound('Project not found.');
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
            wabaNumberId: project.wabaNumberId ?? digits(15),
            wabaAppId: project.wabaAppId ?? digits(15),
            wabaProgressStep: 9,
            channelActivatedOn: project.channelActivatedOn ?? now,
            fbManagerVerified: true,
            fbBusinessId,
            fbBusinessName: `${project.name} Business Manager`,
          });
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
