import { projectMessages, templateMediaRules, templateMessages } from '@pc/contract';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { safeFileName } from '../../providers/storage/storage.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
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
 * public. The body's fileSize and publicUrl are the browser's account and are not trusted. Making
 * a file public on the internet is the member's decision: the activity log gets it, under the
 * project (the sample belongs to no template yet).
 */
export const saveMediaDetails = async (
  ctx: TemplatesCtx,
  author: ActivityAuthor,
  body: { assistantId: string; fileType: MediaFileType; s3Path: string },
) => {
  const { partnerId } = author;
  const project = await projectToActOn(ctx, partnerId, body.assistantId);
  const file = await findMediaFile(ctx.db, partnerId, body.s3Path);
  if (!file || file.projectId !== project.id) throw notFound('File not found.');
  const bytes = await ctx.storage.get(file.storageKey);
  if (!bytes) throw badRequest(projectMessages.uploadMissing);
  const rule = templateMediaRules[body.fileType];
  if (bytes.length > rule.maxBytes) throw badRequest(maxSizeMessage(rule.contentTypes[0], rule.maxBytes));
  const contentType = mediaTypeOfBytes(bytes);
  if (!contentType || !allowedContentType(body.fileType, contentType)) throw badRequest(templateMessages.mediaType);
  const publicUrl = fileUrl(ctx, file.id);
  await ctx.db.transaction(async (tx) => {
    await markMediaSaved(tx, partnerId, file.id, { size: bytes.length, contentType });
    await recordPartnerChange(tx, author, {
      action: 'template.media',
      target: { kind: 'project', id: project.id, name: project.name },
      before: file.isPublic ? { fileName: file.fileName, size: file.size, contentType: file.contentType } : null,
      after: { fileName: file.fileName, size: bytes.length, contentType, publicUrl },
    });
  });
  return { message: mediaSaved, publicUrl, fileId: file.id };
};
