import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_IMAGE_MAX_BYTES, projectMessages } from '@pc/contract';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { sniff } from '../../providers/storage/content.js';
import { MEDIA_MAX_BYTES, maxSizeMessage, mediaTypeOfBytes } from '../templates/media-rules.js';
import type { ProjectsCtx } from './context.js';
import { fileLinkValid } from './file-links.js';
import { findStoredFile } from './queries.js';
import { readForm, type FormShape } from './uploads.js';

const tags = ['files'];
/**
 * The form local storage's createUploadPost hands out (its fields, then the file). It reads up to
 * the largest file any policy allows (a template's sample video or document, 16 MB); each upload is
 * then held to its own policy's size (a profile picture's 5 MB).
 */
const uploadForm: FormShape = {
  fields: ['key', 'Content-Type', 'policy', 'signature'],
  file: 'file',
  maxBytes: Math.max(MEDIA_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES),
};

/** The bytes are what the policy's content type says, where the bytes can tell (images, PDF, MP4 and 3GPP). */
const bytesMatch = (contentType: string, bytes: Buffer) => {
  if (contentType.startsWith('image/')) return sniff(bytes) !== null && sniff(bytes) !== 'pdf';
  if (contentType === 'application/pdf') return sniff(bytes) === 'pdf';
  if (contentType.startsWith('video/')) return mediaTypeOfBytes(bytes) === contentType;
  return true;
};

/** Stored files served back (only to their partner, unless public), and the local storage's form-post endpoint. */
export const fileRoutes =
  (ctx: ProjectsCtx): FastifyPluginAsyncZod =>
  async (app) => {
    // Public so that <img> can show an accepted profile picture; anything else needs a session of its
    // partner or a signed link that has not expired (file-links.ts: an invoice opened in a new tab).
    app.get(
      '/api/files/:fileId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: z.object({ fileId: z.string() }),
          querystring: z.object({ token: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        const { fileId } = request.params;
        const file = await findStoredFile(ctx.db, fileId);
        const viewer = request.viewer;
        const mine = viewer?.kind === 'agent' && viewer.partnerId === file?.partnerId;
        const signed = !!file && (await fileLinkValid(ctx.env, ctx.now(), fileId, request.query.token));
        if (!file || (!file.isPublic && !mine && !signed)) throw notFound('File not found.');
        const bytes = await ctx.storage.get(file.storageKey);
        if (!bytes) throw notFound('File not found.');
        return (
          reply
            .header('content-type', file.contentType)
            .header('x-content-type-options', 'nosniff')
            .header(
              'content-disposition',
              // KYC documents and invoices download (the billing detail's INVOICE link says Download).
              `${file.purpose === 'KYC' || file.purpose === 'INVOICE' ? 'attachment' : 'inline'}; filename="${file.fileName}"`,
            )
            // Only a public file (a profile picture) may sit in a shared cache; an invoice, a KYC
            // document or anything opened by a signed link is the partner's alone and never kept.
            .header('cache-control', file.isPublic && !signed ? 'public, max-age=300' : 'private, no-store')
            .send(bytes)
        );
      },
    );

    // The local adapter's stand-in for a bucket's presigned POST: the signed policy is the authorization.
    app.post('/api/storage/upload', { config: { access: 'public' }, schema: { tags } }, async (request, reply) => {
      const local = ctx.storage.local;
      if (!local) throw notFound();
      const form = await readForm(request, uploadForm);
      const policy = await local.verifyPolicy(form.fields.policy ?? '', form.fields.signature ?? '', Date.now());
      if (!policy || policy.key !== form.fields.key) throw badRequest(projectMessages.uploadExpired);
      if (!form.file) throw badRequest(projectMessages.kycFileRequired);
      // For a picture of 5 MB this is the spec's 'Maximum size of Image can be 5MB'.
      if (form.file.tooLarge || form.file.bytes.length > policy.maxBytes)
        throw badRequest(maxSizeMessage(policy.contentType, policy.maxBytes));
      if (!bytesMatch(policy.contentType, form.file.bytes)) throw badRequest(projectMessages.invalidFileFormat);
      await local.put(policy.key, form.file.bytes, policy.contentType);
      return reply.status(204).send();
    });
  };
