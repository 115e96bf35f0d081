import {
  AddonResponse,
  CreditResponse,
  DeleteProjectResponse,
  PartnerCreditResponse,
  PlanFamiliesResponse,
  ProjectActionMessage,
  ProjectPlanFamilyResponse,
  WccPlansResponse,
  WhatsappPaymentsPlansResponse,
  type AddonRequest,
  type LedgerAction,
  type ProjectStatus,
  type SetDefaultConfigsRequest,
  type SubscriptionPlanName,
} from '@pc/contract';
import { api, request } from '../../../api/client';

// The spec's {partnerId} path segment carries the partner's id; the server takes it from the session.
const billing = (partnerId: string, projectId: string, what: string) =>
  `/partner/${partnerId}/project/${encodeURIComponent(projectId)}/billing/${what}`;

export type CreditKind = 'wcc' | 'pwc' | 'adCredit';

/** A money call: its Idempotency-Key makes a retried submit of one dialog move money once (useIdempotencyKey). */
const once = (key: string) => ({ 'Idempotency-Key': key });

/** Amount in 1/100000 of the currency. Returns the new credit, whichever field the answer names it. */
export const changeCredit = async (
  partnerId: string,
  projectId: string,
  kind: CreditKind,
  body: { amount: number; action: LedgerAction },
  key: string,
) => {
  if (kind === 'pwc') {
    const out = await request(billing(partnerId, projectId, 'pwc'), {
      method: 'PATCH',
      body,
      schema: PartnerCreditResponse,
      headers: once(key),
    });
    return { credit: out.partner_credit, message: out.message };
  }
  return request(billing(partnerId, projectId, kind), {
    method: 'PATCH',
    body,
    schema: CreditResponse,
    headers: once(key),
  });
};

export const switchPlan = (
  partnerId: string,
  projectId: string,
  body: { newFamilyId: string; newPlanId: SubscriptionPlanName },
  key: string,
) =>
  request(billing(partnerId, projectId, 'switch-plan'), {
    method: 'PATCH',
    body,
    schema: ProjectActionMessage,
    headers: once(key),
  });
export const reactivateProject = (
  partnerId: string,
  projectId: string,
  body: { familyId: string; defaultPlan: SubscriptionPlanName },
  key: string,
) =>
  request(billing(partnerId, projectId, 'reactivate-project'), {
    method: 'PATCH',
    body,
    schema: ProjectActionMessage,
    headers: once(key),
  });
export const stopProjectBilling = (partnerId: string, projectId: string) =>
  api.patch(
    `/partner/${partnerId}/stop-project-billing/${encodeURIComponent(projectId)}`,
    undefined,
    ProjectActionMessage,
  );
export const changeWccPlan = (assistantId: string, wccPlanId: string) =>
  api.patch('/api/update-project-wcc-plan', { assistantId, wccPlanId }, ProjectActionMessage);
export const setPaymentPlan = (assistantId: string, paymentPlanId: string) =>
  api.patch('/api/whatsapp-payments-plans/set-plan', { assistantId, paymentPlanId }, ProjectActionMessage);

export const fetchProjectFamily = (projectId: string) =>
  api.get(`/api/get-partner-plan-family/${encodeURIComponent(projectId)}`, ProjectPlanFamilyResponse);
export const fetchPlanFamilies = () => api.get('/api/get-partner-plan-families', PlanFamiliesResponse);
export const fetchWccPlans = () => api.get('/api/get-partner-wcc-plans', WccPlansResponse);
export const fetchPaymentPlans = () => api.get('/api/whatsapp-payments-plans', WhatsappPaymentsPlansResponse);

export const deleteProject = (projectId: string) =>
  api.post(`/api/delete-project/${encodeURIComponent(projectId)}`, undefined, DeleteProjectResponse);
export const changeProjectStatus = (partnerId: string, assistantId: string, status: ProjectStatus) =>
  request('/api/change-project-status', {
    method: 'PUT',
    body: { status, assistantId, partnerId },
    schema: ProjectActionMessage,
  });
export const setDefaultConfigs = (body: SetDefaultConfigsRequest) =>
  api.post('/api/set-default-configs', body, ProjectActionMessage);

const addonPath = (partnerId: string, projectId: string) =>
  `/partner/${partnerId}/project/${encodeURIComponent(projectId)}/addon`;
export const activateAddon = (partnerId: string, projectId: string, body: AddonRequest, key: string) =>
  request(addonPath(partnerId, projectId), { method: 'POST', body, schema: AddonResponse, headers: once(key) });
export const modifyAddon = (partnerId: string, projectId: string, body: AddonRequest, key: string) =>
  request(addonPath(partnerId, projectId), { method: 'PATCH', body, schema: AddonResponse, headers: once(key) });
export const removeAddon = (partnerId: string, projectId: string, addon: string) =>
  request(addonPath(partnerId, projectId), { method: 'DELETE', body: { addon }, schema: AddonResponse });
