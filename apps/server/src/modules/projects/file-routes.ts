import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectMessages } from '@pc/contract';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { sniff } from '../../providers/storage/content.js';
import type { ProjectsCtx } from './context.js';
import { findStoredFile } from './queries.js';
import { readForm, type FormShape } from './uploads.js';

const tags = ['files'];
/** The form local storage's createUploadPost hands out (its fields, then the file); 6 MB lets 'too large' be told. */
const uploadForm: FormShape = {
  fields: ['key', 'Content-Type', 'policy', 'signature'],
  file: 'file',
  maxBytes: 6 * 1024 * 1024,
};

/** Stored files served back (only to their partner, unless public), and the local storage's form-post endpoint. */
export const fileRoutes =
  (ctx: ProjectsCtx): FastifyPluginAsyncZod =>
  async (app) => {
    // Public so that <img> can show an accepted profile picture; anything else needs a session of its partner.
    app.get(
      '/api/files/:fileId',
      { config: { access: 'public' }, schema: { tags, params: z.object({ fileId: z.string() }) } },
      async (request, reply) => {
        const file = await findStoredFile(ctx.db, request.params.fileId);
        const viewer = request.viewer;
        const mine = viewer?.kind === 'agent' && viewer.partnerId === file?.partnerId;
        if (!file || (!file.isPublic && !mine)) throw notFound('File not found.');
        const bytes = await ctx.storage.get(file.storageKey);
        if (!bytes) throw notFound('File not found.');
        return reply
          .header('content-type', file.contentType)
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            // KYC documents and invoices download (the billing detail's INVOICE link says Download).
            `${file.purpose === 'KYC' || file.purpose === 'INVOICE' ? 'attachment' : 'inline'}; filename="${file.fileName}"`,
          )
          .header('cache-control', file.isPublic ? 'public, max-age=300' : 'private, no-store')
          .send(bytes);
      },
    );

    // The local adapter's stand-in for a bucket's presigned POST: the signed policy is the authorization.
    app.post('/api/storage/upload', { config: { access: 'public' }, schema: { tags } }, async (request, reply) => {
      const local = ctx.storage.local;
      if (!local) throw notFound();
      const form = await readForm(request, uploadForm);
      const policy = local.verifyPolicy(form.fields.policy ?? '', form.fields.signature ?? '', Date.now());
      if (!policy || policy.key !== form.fields.key) throw badRequest(projectMessages.uploadExpired);
      if (!form.file) throw badRequest(projectMessages.kycFileRequired);
      if (form.file.tooLarge || form.file.bytes.length > policy.maxBytes)
        throw badRequest(projectMessages.imageTooLarge);
      if (policy.contentType.startsWith('image/') && !sniff(form.file.bytes))
        throw badRequest(projectMessages.invalidFileFormat);
      await local.put(policy.key, form.file.bytes, policy.contentType);
      return reply.status(204).send();
    });
  };
