import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { notFound } from '../errors/app-error.js';

const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/sandbox');
const file = (name: string, type: string) => ({ type, body: readFileSync(path.join(assetsDir, name)) });

/**
 * The files of the server's own pages (sandbox-page.ts): their stylesheet, which the link callback's
 * page uses in live mode too, and the sandbox Facebook login dialog's script (modules/embedded-signup/
 * sandbox-dialog.ts), served only with the sandbox. Pages carry no inline script (the CSP's
 * script-src 'self').
 */
export const pageAssetRoutes =
  (sandbox: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    const assets: Record<string, { type: string; body: Buffer }> = {
      'page.css': file('page.css', 'text/css; charset=utf-8'),
      ...(sandbox ? { 'facebook-login.js': file('facebook-login.js', 'text/javascript; charset=utf-8') } : {}),
    };
    app.get(
      '/sandbox/meta/assets/:file',
      { config: { access: 'public' }, schema: { tags: ['sandbox'], params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        // Own keys only: 'constructor' or '__proto__' would otherwise find Object's.
        if (!Object.hasOwn(assets, request.params.file)) throw notFound();
        const asset = assets[request.params.file]!;
        return reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
      },
    );
  };
