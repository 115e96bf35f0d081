import { ARCHIVE_MARKER, businessTexts, isBusinessPassword, type BusinessProjectsResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { getPartner } from '../partners/partner.js';
import { scopeOf } from './list.js';
import {
  archiveProjectsOf,
  containsPattern,
  countProjectsOfBusiness,
  findBusiness,
  projectsOfBusiness,
  updateBusiness,
} from './queries.js';
import { toBusiness, toProjectSummary } from './view.js';

const PROJECTS_LIMIT = 200;

const businessOf = async (deps: Deps, viewer: AgentViewer, id: string) => {
  const business = await findBusiness(deps.db, scopeOf(viewer), id);
  if (!business) throw notFound();
  return business;
};

/** An archived business cannot be opened (doc 1 section 4): it is not found. */
const openBusinessOf = async (deps: Deps, viewer: AgentViewer, id: string) => {
  const business = await businessOf(deps, viewer, id);
  if (business.archived) throw notFound(businessTexts.businessArchived);
  return business;
};

export const getBusiness = async (deps: Deps, viewer: AgentViewer, id: string) =>
  toBusiness(await openBusinessOf(deps, viewer, id));

/** Display name by anyone with business write; company name only where the partner has the company-name edit flag. */
export const renameBusiness = async (
  deps: Deps,
  viewer: AgentViewer,
  id: string,
  input: { display_name?: string; company?: string },
) => {
  const business = await openBusinessOf(deps, viewer, id);
  if (input.company !== undefined) {
    const partner = await getPartner(deps.db, viewer.partnerId);
    if (!partner.flags.companyNameEdit) throw forbidden(businessTexts.updateFailed);
  }
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateBusiness(tx, viewer.partnerId, business.id, {
      ...(input.display_name !== undefined ? { displayName: input.display_name } : {}),
      ...(input.company !== undefined ? { company: input.company } : {}),
    });
    if (!updated) throw notFound();
    const names = (b: typeof updated) => ({ displayName: b.displayName, company: b.company });
    const change = changedFields(names(business), names(updated));
    if (change.keys.length)
      await recordPartnerChange(tx, viewer, {
        action: 'business.update',
        target: { kind: 'business', id: updated.id, name: updated.displayName },
        before: change.before,
        after: change.after,
      });
    return updated;
  });
  return { message: businessTexts.updated, display_name: row.displayName, company: row.company };
};

/**
 * Deletion archives: the row, its projects and their history stay; the email gets the archive
 * marker so that the address can serve a new business. Doing it twice changes nothing.
 */
export const archiveBusiness = async (deps: Deps, viewer: AgentViewer, id: string) => {
  const partner = await getPartner(deps.db, viewer.partnerId);
  if (partner.type === 'ADS_WHITELABEL') throw forbidden(businessTexts.adsCannotCreate);
  const business = await businessOf(deps, viewer, id);
  if (!business.archived) {
    await deps.db.transaction(async (tx) => {
      await updateBusiness(tx, partner.id, business.id, {
        archived: true,
        email: `${ARCHIVE_MARKER}${business.email}`,
      });
      const projects = await archiveProjectsOf(tx, partner.id, business.id);
      await recordPartnerChange(tx, viewer, {
        action: 'business.delete',
        target: { kind: 'business', id: business.id, name: business.displayName },
        before: { email: business.email, projects },
        after: null,
      });
    });
  }
  return { message: businessTexts.businessDeleted };
};

/** DIRECT partners set the business password directly (doc 1 sections 5 and 6). */
export const resetBusinessPassword = async (
  deps: Deps,
  viewer: AgentViewer,
  input: { clientId: string; password: string; confirmPassword: string },
) => {
  const partner = await getPartner(deps.db, viewer.partnerId);
  const business = await openBusinessOf(deps, viewer, input.clientId);
  if (partner.type !== 'DIRECT') throw forbidden(businessTexts.directOnly);
  if (!input.password || !input.confirmPassword)
    throw badRequest(businessTexts.enterPassword, { password: businessTexts.enterPassword });
  if (input.password !== input.confirmPassword)
    throw badRequest(businessTexts.passwordsDontMatch, { confirmPassword: businessTexts.passwordsDontMatch });
  if (!isBusinessPassword(input.password))
    throw badRequest(businessTexts.passwordHint, { password: businessTexts.passwordHint });
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await updateBusiness(tx, partner.id, business.id, { passwordHash });
    // Only that it changed: the password is never written.
    await recordPartnerChange(tx, viewer, {
      action: 'business.password-reset',
      target: { kind: 'business', id: business.id, name: business.displayName },
      before: { secret: business.passwordHash !== null ? 'set' : 'none' },
      after: { secret: 'rotated' },
    });
  });
  return { message: businessTexts.passwordUpdated };
};

/** The business's projects, newest first, optionally by a part of their name. */
export const businessProjects = async (
  deps: Deps,
  viewer: AgentViewer,
  clientId: string,
  name: string,
): Promise<BusinessProjectsResponse> => {
  const business = await openBusinessOf(deps, viewer, clientId);
  const like = name.trim() ? containsPattern(name.trim()) : null;
  const [rows, total] = await Promise.all([
    projectsOfBusiness(deps.db, viewer.partnerId, business.id, like, PROJECTS_LIMIT),
    countProjectsOfBusiness(deps.db, viewer.partnerId, business.id, like),
  ]);
  return { projects: rows.map((row) => toProjectSummary(row, business.displayName)), totalprojects: total };
};
