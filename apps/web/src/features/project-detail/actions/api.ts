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
  type SubscriptionPlanName,
} from '@pc/contract';
import type { z } from 'zod';
import { api, request } from '../../../api/client';
import { ApiError, parseErrorBody } from '../../../api/errors';
import { getToken } from '../../../api/token';

// The spec's {partnerId} path segment carries the partner's id; the server takes it from the session.
const billing = (partnerId: string, projectId: string, what: string) => `/partner/${partnerId}/project/${encodeURIComponent(projectId)}/billing/${what}`;

export type CreditKind = 'wcc' | 'pwc' | 'adCredit';

const parseJson = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/** A fresh Idempotency-Key (randomUUID needs a secure context; getRandomValues does not). */
export const newIdempotencyKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A PATCH carrying an Idempotency-Key: a retried submit of one dialog moves money once. */
const patchOnce = async <S extends z.ZodType>(path: string, body: unknown, schema: S, key: string): Promise<z.infer<S>> => {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'PATCH',
      body: JSON.stringify(body),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': key, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, null);
  }
  const data = parseJson(await res.text());
  if (!res.ok) throw new ApiError(res.status, parseErrorBody(data));
  return schema.parse(data);
};

/** Amount in 1/100000 of the currency. Returns the new credit, whichever field the answer names it. */
export const changeCredit = async (partnerId: string, projectId: string, kind: CreditKind, body: { amount: number; action: LedgerAction }, key: string) => {
  if (kind === 'pwc') {
    const out = await patchOnce(billing(partnerId, projectId, 'pwc'), body, PartnerCreditResponse, key);
    return { credit: out.partner_credit, message: out.message };
  }
  return patchOnce(billing(partnerId, projectId, kind), body, CreditResponse, key);
};

export const switchPlan = (partnerId: string, projectId: string, body: { newFamilyId: string; newPlanId: SubscriptionPlanName }) =>
  api.patch(billing(partnerId, projectId, 'switch-plan'), body, ProjectActionMessage);
export const reactivateProject = (partnerId: string, projectId: string, body: { familyId: string; defaultPlan: SubscriptionPlanName }) =>
  api.patch(billing(partnerId, projectId, 'reactivate-project'), body, ProjectActionMessage);
export const stopProjectBilling = (partnerId: string, projectId: string) =>
  api.patch(`/partner/${partnerId}/stop-project-billing/${encodeURIComponent(projectId)}`, undefined, ProjectActionMessage);
export const changeWccPlan = (assistantId: string, wccPlanId: string) => api.patch('/api/update-project-wcc-plan', { assistantId, wccPlanId }, ProjectActionMessage);
export const setPaymentPlan = (assistantId: string, paymentPlanId: string) => api.patch('/api/whatsapp-payments-plans/set-plan', { assistantId, paymentPlanId }, ProjectActionMessage);

export const fetchProjectFamily = (projectId: string) => api.get(`/api/get-partner-plan-family/${encodeURIComponent(projectId)}`, ProjectPlanFamilyResponse);
export const fetchPlanFamilies = () => api.get('/api/get-partner-plan-families', PlanFamiliesResponse);
export const fetchWccPlans = () => api.get('/api/get-partner-wcc-plans', WccPlansResponse);
export const fetchPaymentPlans = () => api.get('/api/whatsapp-payments-plans', WhatsappPaymentsPlansResponse);

export const deleteProject = (projectId: string) => api.post(`/api/delete-project/${encodeURIComponent(projectId)}`, undefined, DeleteProjectResponse);
export const changeProjectStatus = (partnerId: string, assistantId: string, status: ProjectStatus) =>
  request('/api/change-project-status', { method: 'PUT', body: { status, assistantId, partnerId }, schema: ProjectActionMessage });
export const setDefaultConfigs = (body: { assistantId: string; isoCode?: string; whatsAppAbout?: string }) => api.post('/api/set-default-configs', body, ProjectActionMessage);

const addonPath = (partnerId: string, projectId: string) => `/partner/${partnerId}/project/${encodeURIComponent(projectId)}/addon`;
export const activateAddon = (partnerId: string, projectId: string, body: AddonRequest) => api.post(addonPath(partnerId, projectId), body, AddonResponse);
export const modifyAddon = (partnerId: string, projectId: string, body: AddonRequest) => api.patch(addonPath(partnerId, projectId), body, AddonResponse);
export const removeAddon = (partnerId: string, projectId: string, addon: string) =>
  request(addonPath(partnerId, projectId), { method: 'DELETE', body: { addon }, schema: AddonResponse });
