import { projectMessages, templateMediaRules, templateMessages } from '@pc/contract';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { safeFileName } from '../../providers/storage/storage.js';
import type { TemplatesCtx } from './context.js';
import { findMediaFile, insertMediaFile, markMediaSaved } from './media-queries.js';
import { allowedContentType, maxSizeMessage, mediaTypeOfBytes, type MediaFileType } from './media-rules.js';
import { projectToActOn } from './project.js';

/**
 * A template's sample media (doc 2 section 7.1, last paragraph): an upload form for the storage,
 * the browser's post to it, then save-media-details, which judges the stored bytes and makes the
 * file public so that Meta can fetch it as the template's sample.
 */

const UPLOAD_TTL_SECONDS = 10 * 60;
/** Ours: the spec shows no text for a saved sample. */
export const mediaSaved = 'Media uploaded successfully';

const fileUrl = (ctx: TemplatesCtx, fileId: string) => `${ctx.env.publicUrl}/api/files/${fileId}`;

export const createMediaUploadUrl = async (
  ctx: TemplatesCtx,
  partnerId: string,
  body: { assistantId: string; fileName: string; contentType: string; fileType: MediaFileType },
) => {
  const project = await projectToActOn(ctx, partnerId, body.assistantId);
  if (!allowedContentType(body.fileType, body.contentType))
    throw badRequest(templateMessages.mediaType, { contentType: templateMessages.mediaType });
  const fileId = newId();
  const fileName = safeFileName(body.fileName);
  const filePath = `${partnerId}/media/${project.id}/${fileId}-${fileName}`;
  // The row waits, private and empty, for save-media-details to judge what was stored.
  await insertMediaFile(ctx.db, {
    id: fileId,
    partnerId,
    projectId: project.id,
    storageKey: filePath,
    fileName,
    contentType: body.contentType,
    size: 0,
  });
  return {
    uploadURL: await ctx.storage.createUploadPost(filePath, {
      contentType: body.contentType,
      maxBytes: templateMediaRules[body.fileType].maxBytes,
      expiresSeconds: UPLOAD_TTL_SECONDS,
    }),
    fullUrl: fileUrl(ctx, fileId),
    filePath,
  };
};

/**
 * The stored sample checked from its bytes (size and type, whatever the browser said) and made
 * public. The body's fileSize and publicUrl are the browser's account and are not trusted.
 */
export const saveMediaDetails = async (
  ctx: TemplatesCtx,
  partnerId: string,
  body: { assistantId: string; fileType: MediaFileType; s3Path: string },
) => {
  const project = await projectToActOn(ctx, partnerId, body.assistantId);
  const file = await findMediaFile(ctx.db, partnerId, body.s3Path);
  if (!file || file.projectId !== project.id) throw notFound('File not found.');
  const bytes = await ctx.storage.get(file.storageKey);
  if (!bytes) throw badRequest(projectMessages.uploadMissing);
  const rule = templateMediaRules[body.fileType];
  if (bytes.length > rule.maxBytes) throw badRequest(maxSizeMessage(rule.contentTypes[0], rule.maxBytes));
  const contentType = mediaTypeOfBytes(bytes);
  if (!contentType || !allowedContentType(body.fileType, contentType)) throw badRequest(templateMessages.mediaType);
  await markMediaSaved(ctx.db, partnerId, file.id, { size: bytes.length, contentType });
  return { message: mediaSaved, publicUrl: fileUrl(ctx, file.id), fileId: file.id };
};
