import { maskApiKey, type SuperadminProject } from '@pc/contract';
import { notFound } from '../../platform/errors/app-error.js';
import type { SuperadminProjectsCtx } from './context.js';
import { iso } from './iso.js';
import { toRow } from './list.js';
import { findProjectForStaff, type StaffProject } from './queries.js';

/** The sealed API key as the screen shows it; a key sealed under another secret shows as masked only. */
export const maskedApiKey = (ctx: Pick<SuperadminProjectsCtx, 'apiKeys'>, sealed: string | null): string | null => {
  if (!sealed) return null;
  try {
    return maskApiKey(ctx.apiKeys.open(sealed));
  } catch {
    return maskApiKey('');
  }
};

const toSuperadminProject = (ctx: SuperadminProjectsCtx, s: StaffProject): SuperadminProject => {
  const p = s.project;
  return {
    ...toRow({ ...p, partnerName: s.partner.name, businessName: s.business.name }),
    isWhatsappVerified: p.isWhatsappVerified,
    providerType: p.providerType,
    familyId: p.familyId,
    partnerWhatsappCredit: Number(p.partnerWhatsappCredit),
    metaAdsCredit: Number(p.metaAdsCredit),
    maxAgents: p.maxAgents,
    dailyTemplateLimit: p.dailyTemplateLimit,
    appName: p.appName,
    apiKey360: maskedApiKey(ctx, p.apiKey360Sealed),
    processedAt: iso(p.processedAt),
    wabaAppId: p.wabaAppId,
    partner: {
      _id: s.partner.id,
      name: s.partner.name,
      type: s.partner.type,
      currency: s.partner.currency,
      centralBalance: Number(s.partner.centralBalance),
      minAllowedBalance: Number(s.partner.minAllowedBalance),
    },
    business: {
      _id: s.business.id,
      name: s.business.name,
      company: s.business.company,
      email: s.business.email,
      contact: s.business.contact,
    },
  };
};

/** GET /superadmin/projects/{id}: any partner's project, archived ones too. */
export const projectForStaff = async (ctx: SuperadminProjectsCtx, projectId: string): Promise<SuperadminProject> => {
  const found = await findProjectForStaff(ctx.db, projectId);
  if (!found) throw notFound('Project not found.');
  return toSuperadminProject(ctx, found);
};
