import { isValidGstin, KYC_MAX_BYTES, kycVisible, projectMessages, submitKycFormFields } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error.js';
import { mimeOf, sniff } from '../../providers/storage/content.js';
import { safeFileName } from '../../providers/storage/storage.js';
import { recordPartnerChange } from '../activity/record.js';
import type { ProjectsCtx } from './context.js';
import { toProjectDetail } from './detail.js';
import { findPartner, findProject, insertKycSubmission, insertStoredFile, updateProject } from './queries.js';
import type { FormShape, FormUpload } from './uploads.js';
import { readCentralBalance } from '../billing/central-balance.js';

/**
 * KYC: a GSTIN checked by its format and mod-36 check character, and one pdf/jpeg/png document
 * of at most 500 KB judged by its bytes. A valid submission is stored and the project goes to
 * bvbpProcess 1; an invalid GSTIN changes nothing.
 */
export const submitKyc = async (ctx: ProjectsCtx, viewer: AgentViewer, form: FormUpload) => {
  const { partnerId } = viewer;
  const assistantId = form.fields.assistantId?.trim();
  if (!assistantId) throw badRequest('assistantId is required', { assistantId: 'Required' });
  const [project, partner, centralBalance] = await Promise.all([
    findProject(ctx.db, partnerId, assistantId),
    findPartner(ctx.db, partnerId),
    readCentralBalance(ctx.db, partnerId),
  ]);
  if (!project || !partner || project.partnerArchived) throw notFound('Project not found.');
  if (!kycVisible(toProjectDetail(project, { ...partner, centralBalance }, '')))
    throw badRequest(projectMessages.kycNotAvailable);
  if (project.bvbpProcess !== 0) throw conflict('KYC has already been submitted for this project.');

  const gstNumber = (form.fields.gstNumber ?? '').trim().toUpperCase();
  if (!gstNumber) throw badRequest(projectMessages.gstRequired, { gstNumber: projectMessages.gstRequired });
  if (!form.file) throw badRequest(projectMessages.kycFileRequired, { file: projectMessages.kycFileRequired });
  if (form.file.tooLarge) throw badRequest(projectMessages.kycFileTooLarge, { file: projectMessages.kycFileTooLarge });
  const type = sniff(form.file.bytes);
  if (!type) throw badRequest(projectMessages.kycFileType, { file: projectMessages.kycFileType });
  if (!isValidGstin(gstNumber)) return { validGst: false };

  const fileId = newId();
  const name = safeFileName(form.fields.fileName || form.file.name);
  const storageKey = `${partnerId}/kyc/${fileId}/${name}`;
  // Stored first, outside the transaction: storage may be a network call.
  await ctx.storage.put(storageKey, form.file.bytes, mimeOf[type]);
  await ctx.db.transaction(async (tx) => {
    await insertStoredFile(tx, {
      id: fileId,
      partnerId,
      projectId: project.id,
      purpose: 'KYC',
      storageKey,
      fileName: name,
      contentType: mimeOf[type],
      size: form.file!.bytes.length,
    });
    await insertKycSubmission(tx, {
      id: newId(),
      partnerId,
      projectId: project.id,
      gstNumber,
      fileId,
      consent: form.fields.consent !== 'false',
    });
    await updateProject(tx, partnerId, project.id, { bvbpProcess: 1, kycRemark: null });
    await recordPartnerChange(tx, viewer, {
      action: 'project.kyc',
      target: { kind: 'project', id: project.id, name: project.name },
      before: { bvbpProcess: project.bvbpProcess, kycRemark: project.kycRemark },
      after: { bvbpProcess: 1, kycRemark: null, gstNumber, document: name },
    });
  });
  return { validGst: true, message: projectMessages.submitted };
};

/** The KYC form's parts (contract `submitKycFormFields`); anything else in it is refused. */
export const kycForm: FormShape = { fields: submitKycFormFields, file: 'file', maxBytes: KYC_MAX_BYTES };
