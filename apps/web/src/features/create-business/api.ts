import {
  CreateBusinessResponse,
  CreateBusinessWithProjectResponse,
  CreateProjectResponse,
  PlanFamiliesResponse,
  WccPlansResponse,
  WhatsappPaymentsPlansResponse,
  type CreateBusinessRequest,
  type CreateBusinessWithProjectRequest,
  type CreateProjectRequest,
} from '@pc/contract';
import { api } from '../../api/client';

// The partner in these paths is ignored by the server (it comes from the session).
const base = (partnerId: string) => `/partner/${encodeURIComponent(partnerId)}`;

export const fetchPlanFamilies = async () =>
  (await api.get('/api/get-partner-plan-families', PlanFamiliesResponse)).planFamily;
export const fetchWccPlans = async () => (await api.get('/api/get-partner-wcc-plans', WccPlansResponse)).wccPlan;
export const fetchPaymentPlans = async () =>
  (await api.get('/api/whatsapp-payments-plans', WhatsappPaymentsPlansResponse)).whatsappPaymentsPlans;

export const createBusinessOnly = (partnerId: string, body: CreateBusinessRequest) =>
  api.post(`${base(partnerId)}/business/`, body, CreateBusinessResponse);
export const createBusinessWithProject = (partnerId: string, body: CreateBusinessWithProjectRequest) =>
  api.post(`${base(partnerId)}/business/create`, body, CreateBusinessWithProjectResponse);
export const createProject = (partnerId: string, businessId: string, body: CreateProjectRequest) =>
  api.post(`${base(partnerId)}/business/${encodeURIComponent(businessId)}/project`, body, CreateProjectResponse);
