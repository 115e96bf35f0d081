import { and, eq } from 'drizzle-orm';
import type { Business, PlanFamily, ProjectSummary, SandboxPhone } from '@pc/contract';
import { projects } from '../../../src/platform/db/schema.js';
import { makePng, multipart } from '../../../src/modules/projects/test-files.js';
import { call } from '../../harness.js';
import { activityCase, made, type ActivityCases, type Member, type Sweep } from './case.js';

/**
 * The write routes of businesses, projects, application-form, onboarding and support-tickets. Each
 * case works on a business or project its setup makes, so the demo's own stay as later cases find
 * them (the one exception: the application form goes on AdsWorks' project, the demo's only partner
 * whose onboarding method is the form, and it changes only the form kept on it).
 */

let seq = 0;
const next = () => (seq += 1);

const send = async <T = Record<string, unknown>>(
  s: Sweep,
  member: Member,
  method: 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) => call<T>(s.t.app, method, url, { token: await s.token(member), body });

const acmeFamily = async (s: Sweep) =>
  (
    await call<{ planFamily: PlanFamily[] }>(s.t.app, 'GET', '/api/get-partner-plan-families', {
      token: await s.token('owner'),
    })
  ).body.planFamily[0]!;

/** The details of a new business: what every partner's form asks, and the password Direct's asks. */
const details = (member: Member) => {
  const n = next();
  return {
    email: `sweep${n}@biz.example`,
    display_name: `Sweep Client ${n}`,
    company: `Sweep Client ${n} Pvt Ltd`,
    contact: '919876543210',
    companySize: '1 - 10',
    industry: 'Education',
    ...(member === 'direct' ? { password: 'Abcdefg1' } : {}),
  };
};

const newBusiness = async (s: Sweep, member: Member = 'owner') =>
  made(
    await send<{ business: Business }>(s, member, 'POST', '/partner/:partnerId/business/', details(member)),
    'a business',
  ).business;

/** A new project (with its own business), its row then set as the case needs (live, a number...). */
const newProject = async (s: Sweep, member: Member = 'owner', values: Partial<typeof projects.$inferInsert> = {}) => {
  const business = await newBusiness(s, member);
  const plans = member === 'direct' ? {} : { planFamilyId: (await acmeFamily(s))._id, planName: 'BASIC_MONTHLY' };
  const { project } = made(
    await send<{ project: ProjectSummary }>(s, member, 'POST', `/partner/:partnerId/business/${business.id}/project`, {
      name: `Sweep Project ${next()}`,
      ...plans,
    }),
    'a project',
  );
  if (Object.keys(values).length)
    await s.t.database.db.update(projects).set(values).where(eq(projects.id, project._id));
  return { projectId: project._id, businessId: business.id };
};

/** A project on a fresh sandbox number of a scenario (the id's last three digits), signed up but not registered. */
const onSandboxNumber = (s: Sweep, scenario: '103' | '108') =>
  newProject(s, 'owner', {
    wabaNumberId: `19700000${String(next()).padStart(4, '0')}${scenario}`,
    wabaAppId: `29700000${String(next()).padStart(4, '0')}000`,
    wabaProgressStep: 8,
    isWhatsappVerified: false,
  });

const live = { isWhatsappVerified: true, messagingLimit: 'TIER_250' };

const signedUploadUrl =
  'A signed upload URL: the file it makes room for waits unused until a save takes it, and that save is the change recorded.';
/** A link handed to a client lets whoever follows it connect an account to the project: who made one is recorded. */
const clientLink = (url: string) =>
  activityCase({
    action: 'project.link',
    setup: (s) => newProject(s),
    run: async (s, { projectId }) => send(s, 'owner', 'POST', url, { assistantId: projectId }),
  });
const healthRead =
  "A read of Meta's health of the number or account; only Meta's answer is kept, for the wizard's doctor.";

export const cases: ActivityCases = {
  'POST /partner/:partnerId/business/': activityCase({
    action: 'business.create',
    run: async (s) => send(s, 'owner', 'POST', '/partner/:partnerId/business/', details('owner')),
  }),

  'POST /partner/:partnerId/business/create': activityCase({
    action: 'business.create',
    run: async (s) =>
      send(s, 'owner', 'POST', '/partner/:partnerId/business/create', {
        ...details('owner'),
        newFamilyId: (await acmeFamily(s))._id,
        newPlanId: 'BASIC_MONTHLY',
      }),
  }),

  'PATCH /partner/:partnerId/business/:id': activityCase({
    action: 'business.update',
    setup: (s) => newBusiness(s),
    run: async (s, business) =>
      send(s, 'owner', 'PATCH', `/partner/:partnerId/business/${business.id}`, {
        display_name: `${business.display_name} Renamed`,
      }),
  }),

  'POST /api/delete-business/:id': activityCase({
    action: 'business.delete',
    setup: (s) => newBusiness(s),
    run: async (s, business) => send(s, 'owner', 'POST', `/api/delete-business/${business.id}`),
  }),

  'POST /api/reset-business-password': activityCase({
    action: 'business.password-reset',
    as: 'direct',
    setup: (s) => newBusiness(s, 'direct'),
    run: async (s, business) =>
      send(s, 'direct', 'POST', '/api/reset-business-password', {
        clientId: business.id,
        password: 'Bcdefgh2',
        confirmPassword: 'Bcdefgh2',
      }),
  }),

  'POST /partner/:partnerId/business/:businessId/project': activityCase({
    action: 'project.create',
    setup: async (s) => ({ business: await newBusiness(s), family: await acmeFamily(s) }),
    run: async (s, { business, family }) =>
      send(s, 'owner', 'POST', `/partner/:partnerId/business/${business.id}/project`, {
        name: 'Sweep Second Project',
        planFamilyId: family._id,
        planName: 'PRO_MONTHLY',
      }),
  }),

  'PATCH /partner/:partnerId/project/:projectId': activityCase({
    action: 'project.update',
    setup: (s) => newProject(s),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'PATCH', `/partner/${(await s.idsOf('owner')).partnerId}/project/${projectId}`, {
        name: 'Sweep Project Renamed',
      }),
  }),

  'PATCH /partner/:partnerId/project/:projectId/migrate': activityCase({
    action: 'project.migrate',
    setup: async (s) => ({ ...(await newProject(s)), to: (await newBusiness(s)).id }),
    run: async (s, { projectId, to }) =>
      send(s, 'owner', 'PATCH', `/partner/:partnerId/project/${projectId}/migrate`, { businessId: to }),
  }),

  'PATCH /api/direct-api-partner/profile': activityCase({
    action: 'project.business-profile',
    as: 'direct',
    setup: (s) => newProject(s, 'direct', live),
    run: async (s, { projectId }) =>
      send(s, 'direct', 'PATCH', '/api/direct-api-partner/profile', { projectId, about: 'Open till late' }),
  }),

  'POST /project/:projectId/update-business-profile': activityCase({
    action: 'project.business-profile',
    setup: (s) => newProject(s, 'owner', live),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'POST', `/project/${projectId}/update-business-profile`, {
        assistantId: projectId,
        address: 'MG Road',
        email: 'care@sweep.example',
        whatsAppAbout: 'We answer in minutes',
      }),
  }),

  'PATCH /api/update-project-agent-size': activityCase({
    action: 'project.agents',
    setup: (s) => newProject(s),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'PATCH', '/api/update-project-agent-size', { projectId, agentSize: 12 }),
  }),

  'POST /partner/submit-kyc': activityCase({
    action: 'project.kyc',
    setup: (s) => newProject(s, 'owner', live),
    run: async (s, { projectId }) => {
      const form = multipart(
        {
          gstNumber: '27AAPFU0939F1ZV',
          fileName: 'gst.png',
          contentType: 'image/png',
          fileType: 'png',
          consent: 'true',
          assistantId: projectId,
        },
        { name: 'gst.png', type: 'image/png', bytes: makePng(10, 10) },
      );
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/partner/submit-kyc',
        payload: form.payload,
        headers: { authorization: `Bearer ${await s.token('owner')}`, 'content-type': form.contentType },
      });
      return { status: res.statusCode, body: res.json() };
    },
  }),

  'POST /project/:projectId/get-upload-url': { exempt: signedUploadUrl },

  'POST /api/generate-waba-link/': clientLink('/api/generate-waba-link/'),
  'POST /api/generate-waba-migration-link/': clientLink('/api/generate-waba-migration-link/'),
  'POST /api/generate-connect-catalog-link/': clientLink('/api/generate-connect-catalog-link/'),
  'POST /api/generate-connect-ads-link': clientLink('/api/generate-connect-ads-link'),

  'POST /partner/:partnerId/sync-channel-status': activityCase({
    action: 'project.sync',
    setup: (s) => newProject(s, 'owner', live),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'POST', '/partner/:partnerId/sync-channel-status', { assistantId: projectId }),
  }),

  'POST /partner/:partnerId/project/:projectId/application-form': activityCase({
    action: 'project.application-form',
    as: 'ads',
    setup: async (s) => {
      const { partnerId } = await s.idsOf('ads');
      const [project] = await s.t.database.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.partnerId, partnerId), eq(projects.name, 'Brightside Apparel')));
      return { partnerId, projectId: project!.id };
    },
    run: async (s, { partnerId, projectId }) =>
      send(s, 'ads', 'POST', `/partner/${partnerId}/project/${projectId}/application-form`, {
        personalDetails: { name: 'Asha Rao', number: '919876500001', email: 'asha@brightside.example' },
        businessDetails: {
          entityName: 'Brightside',
          website: 'https://brightside.example',
          businessVertical: 'Clothing and Apparel',
          companySize: '50-200 employees',
          headquarters: 'India',
          addressLine1: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          zipCode: '560001',
          country: 'India',
        },
        fbBusinessDetails: {
          facebookPage: 'https://facebook.com/brightside',
          businessManagerId: '1029384756',
          isManagerVerified: 'Yes',
        },
        whatsappAccountDetails: { whatsappNumber: '919876500002', displayName: 'Brightside' },
      }),
  }),

  'POST /partner/:partnerId/register-with-pin': activityCase({
    action: 'project.phone',
    setup: (s) => onSandboxNumber(s, '108'),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'POST', '/partner/:partnerId/register-with-pin', { assistantId: projectId }),
  }),

  'POST /partner/:partnerId/sandbox-phone/:projectId/turn-off-two-step': activityCase({
    action: 'project.phone',
    setup: (s) => onSandboxNumber(s, '103'),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'POST', `/partner/:partnerId/sandbox-phone/${projectId}/turn-off-two-step`, {}),
  }),

  'POST /partner/:partnerId/trigger-code': activityCase({
    action: 'project.phone',
    setup: (s) => onSandboxNumber(s, '108'),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'POST', '/partner/:partnerId/trigger-code', { assistantId: projectId, mode: 'SMS' }),
  }),

  'POST /partner/:partnerId/verify-code': activityCase({
    action: 'project.phone',
    setup: async (s) => {
      const { projectId } = await onSandboxNumber(s, '108');
      made(
        await send(s, 'owner', 'POST', '/partner/:partnerId/trigger-code', { assistantId: projectId, mode: 'SMS' }),
        'a code',
      );
      const phone = await call<SandboxPhone>(s.t.app, 'GET', `/partner/:partnerId/sandbox-phone/${projectId}`, {
        token: await s.token('owner'),
      });
      return { projectId, code: made(phone, 'the sandbox phone').inbox[0]!.code };
    },
    run: async (s, { projectId, code }) =>
      send(s, 'owner', 'POST', '/partner/:partnerId/verify-code', { assistantId: projectId, verifyCode: code }),
  }),

  'POST /partner/:partnerId/waba-app-id-health-check': { exempt: healthRead },
  'POST /partner/:partnerId/waba-number-id-health-check': { exempt: healthRead },

  'POST /api/support-tickets': activityCase({
    action: 'ticket.raise',
    setup: (s) => newProject(s),
    run: async (s, { projectId }) =>
      send(s, 'owner', 'POST', '/api/support-tickets', {
        kind: 'OTHER',
        assistantId: projectId,
        description: 'More agents, please.',
      }),
  }),
};
