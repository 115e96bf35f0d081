import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MIN_PX,
  projectMessages,
  type UpdateBusinessProfileRequest,
} from '@pc/contract';
import { z } from 'zod';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { imageSize, mimeOf, sniff } from '../../providers/storage/content.js';
import { safeFileName } from '../../providers/storage/storage.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { projectOrFail, projectToActOn } from './administration.js';
import type { ProjectsCtx } from './context.js';
import {
  findPartner,
  findStoredFileByKey,
  insertStoredFile,
  updateProject,
  updateStoredFile,
  type ProjectRow,
} from './queries.js';

const UPLOAD_TTL_SECONDS = 10 * 60;
const fileUrl = (ctx: ProjectsCtx, fileId: string) => `${ctx.env.publicUrl}/api/files/${fileId}`;

const liveOrFail = (project: ProjectRow) => {
  if (!project.isWhatsappVerified) throw badRequest(projectMessages.wabaNotLive);
};

/** A storage form post for a profile picture (JPEG or PNG, at most 5 MB); the file row waits for the profile update. */
export const createUploadUrl = async (
  ctx: ProjectsCtx,
  partnerId: string,
  projectId: string,
  input: { fileName: string; contentType: string },
) => {
  await projectToActOn(ctx, partnerId, projectId);
  if (!['image/jpeg', 'image/png'].includes(input.contentType)) throw badRequest(projectMessages.invalidFileFormat);
  const fileId = newId();
  const filePath = `${partnerId}/profile/${projectId}/${fileId}-${safeFileName(input.fileName)}`;
  await insertStoredFile(ctx.db, {
    id: fileId,
    partnerId,
    projectId,
    purpose: 'PROFILE_PICTURE',
    storageKey: filePath,
    fileName: safeFileName(input.fileName),
    contentType: input.contentType,
    size: 0,
  });
  return {
    uploadURL: await ctx.storage.createUploadPost(filePath, {
      contentType: input.contentType,
      maxBytes: PROFILE_IMAGE_MAX_BYTES,
      expiresSeconds: UPLOAD_TTL_SECONDS,
    }),
    fullUrl: fileUrl(ctx, fileId),
    filePath,
  };
};

/** The stored picture checked from its bytes: JPEG or PNG, at most 5 MB, at least 192 x 192. */
const acceptPicture = async (ctx: ProjectsCtx, partnerId: string, filePath: string) => {
  const file = await findStoredFileByKey(ctx.db, partnerId, filePath);
  if (!file || file.purpose !== 'PROFILE_PICTURE') throw badRequest(projectMessages.uploadMissing);
  const bytes = await ctx.storage.get(filePath);
  if (!bytes) throw badRequest(projectMessages.uploadMissing);
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw badRequest(projectMessages.imageTooLarge);
  const type = sniff(bytes);
  const size = type === 'png' || type === 'jpeg' ? imageSize(bytes) : null;
  if (!type || type === 'pdf' || !size) throw badRequest(projectMessages.invalidFileFormat);
  if (size.width < PROFILE_IMAGE_MIN_PX || size.height < PROFILE_IMAGE_MIN_PX)
    throw badRequest(projectMessages.imageTooSmall);
  await updateStoredFile(ctx.db, partnerId, file.id, { size: bytes.length, contentType: mimeOf[type], isPublic: true });
  return fileUrl(ctx, file.id);
};

const filled = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

type ProfileChange = Pick<ProjectRow, 'businessProfile'> &
  Partial<Pick<ProjectRow, 'whatsAppAbout' | 'whatsAppDisplayImage'>>;

/** The profile as the activity log compares it: one field each. */
const profileFields = (p: Pick<ProjectRow, 'businessProfile' | 'whatsAppAbout' | 'whatsAppDisplayImage'>) => ({
  ...p.businessProfile,
  whatsAppAbout: p.whatsAppAbout,
  whatsAppDisplayImage: p.whatsAppDisplayImage,
});

/** Saves the profile and writes the activity log's entry with the fields it changed (none: no entry). */
const saveProfile = (ctx: ProjectsCtx, viewer: AgentViewer, project: ProjectRow, values: ProfileChange) =>
  ctx.db.transaction(async (tx) => {
    await updateProject(tx, viewer.partnerId, project.id, values);
    const change = changedFields(profileFields(project), profileFields({ ...project, ...values }));
    if (change.keys.length)
      await recordPartnerChange(tx, viewer, {
        action: 'project.business-profile',
        target: { kind: 'project', id: project.id, name: project.name },
        before: change.before,
        after: change.after,
      });
  });
const emailShape = z.email();

/** Updates the WhatsApp business profile; empty values are not saved (doc 2 section 5.2). */
export const updateBusinessProfile = async (
  ctx: ProjectsCtx,
  viewer: AgentViewer,
  projectId: string,
  body: UpdateBusinessProfileRequest,
) => {
  const { partnerId } = viewer;
  const project = await projectToActOn(ctx, partnerId, projectId);
  liveOrFail(project);
  const email = filled(body.email);
  if (email && !emailShape.safeParse(email).success) throw badRequest('Invalid email', { email: 'Invalid email' });
  const profile = { ...project.businessProfile };
  for (const key of ['address', 'description'] as const) {
    const v = filled(body[key]);
    if (v) profile[key] = v;
  }
  if (email) profile.email = email;
  if (body.vertical) profile.vertical = body.vertical;
  const websites = (body.websites ?? []).map((w) => w.trim()).filter(Boolean);
  if (websites.length) profile.websites = websites;
  const about = filled(body.whatsAppAbout);
  const picture =
    body.wasImageChanged && body.filePath ? await acceptPicture(ctx, partnerId, body.filePath) : undefined;
  await saveProfile(ctx, viewer, project, {
    businessProfile: profile,
    ...(about ? { whatsAppAbout: about } : {}),
    ...(picture ? { whatsAppDisplayImage: picture } : {}),
  });
  return { message: projectMessages.updated };
};

const directOrFail = async (ctx: ProjectsCtx, partnerId: string) => {
  const partner = await findPartner(ctx.db, partnerId);
  if (!partner) throw notFound();
  if (partner.type !== 'DIRECT') throw badRequest(projectMessages.onlyForDirect);
};

export const getDirectProfile = async (ctx: ProjectsCtx, partnerId: string, projectId: string) => {
  const project = await projectOrFail(ctx, partnerId, projectId);
  await directOrFail(ctx, partnerId);
  const bp = project.businessProfile;
  return {
    businessProfile: [
      {
        about: project.whatsAppAbout ?? '',
        address: bp.address ?? '',
        description: bp.description ?? '',
        email: bp.email ?? '',
        profile_picture_url: project.whatsAppDisplayImage ?? '',
        websites: bp.websites ?? [],
        vertical: bp.vertical ?? '',
      },
    ],
  };
};

export type DirectPatch = {
  projectId: string;
  about?: string;
  address?: string;
  description?: string;
  email?: string;
  profile_picture_url?: string;
  websites?: string[];
  vertical?: string;
};

/** DIRECT partners change one field per call; the picture is a URL. */
export const patchDirectProfile = async (ctx: ProjectsCtx, viewer: AgentViewer, body: DirectPatch) => {
  const { partnerId } = viewer;
  const project = await projectToActOn(ctx, partnerId, body.projectId);
  await directOrFail(ctx, partnerId);
  liveOrFail(project);
  const picture = filled(body.profile_picture_url);
  if (picture && !/^https?:\/\/\S+$/i.test(picture)) throw badRequest(projectMessages.invalidFileFormat);
  const email = filled(body.email);
  if (email && !emailShape.safeParse(email).success) throw badRequest('Invalid email', { email: 'Invalid email' });
  const websites = (body.websites ?? []).map((w) => w.trim()).filter(Boolean);
  const profile = { ...project.businessProfile };
  const address = filled(body.address);
  const description = filled(body.description);
  if (address) profile.address = address;
  if (description) profile.description = description;
  if (email) profile.email = email;
  if (body.vertical) profile.vertical = body.vertical;
  if (websites.length) profile.websites = websites;
  const about = filled(body.about);
  if (!about && !picture && !address && !description && !email && !body.vertical && !websites.length)
    throw badRequest(projectMessages.nothingToUpdate);
  await saveProfile(ctx, viewer, project, {
    businessProfile: profile,
    ...(about ? { whatsAppAbout: about } : {}),
    ...(picture ? { whatsAppDisplayImage: picture } : {}),
  });
  return { message: projectMessages.successfullyUpdated };
};
