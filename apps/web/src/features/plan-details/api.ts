import {
  PaymentsPlanAnswer,
  PlanFamilyAnswer,
  ProviderPaymentsResponse,
  ProviderPlanPricingResponse,
  ProviderWccPricingResponse,
  WCC_PRICING_PLACEHOLDER,
  WccFamilyAnswer,
  type CreatePaymentsPlanRequest,
  type CreatePlanFamilyRequest,
  type CreateWccPlanRequest,
  type UpdatePaymentsPlanRequest,
  type UpdatePlanFamiliesRequest,
  type UpdateWccFamiliesRequest,
} from '@pc/contract';
import { api } from '../../api/client';

export { fetchPaymentPlans, fetchPlanFamilies, fetchWccPlans } from '../create-business/api';

// The provider's catalogue (doc 3 section 7); the console sends the literal `:projectId`.
export const fetchProviderPlans = async () =>
  (await api.get('/api/get-aisensy-plan-family-pricing/:projectId', ProviderPlanPricingResponse)).plans.plans;
export const fetchProviderWcc = () =>
  api.get(`/api/get-aisensy-wcc-pricing/${WCC_PRICING_PLACEHOLDER}`, ProviderWccPricingResponse);
export const fetchProviderPayments = async () =>
  (await api.get('/api/aisensy-whatsapp-payments-plans', ProviderPaymentsResponse)).aisensyWhatsappPaymentsSlabs;

export const createPlanFamily = (body: CreatePlanFamilyRequest) =>
  api.post('/api/create-partner-plan-family', body, PlanFamilyAnswer);
export const updatePlanFamily = (body: UpdatePlanFamiliesRequest) =>
  api.patch('/api/update-partner-plan-families', body, PlanFamilyAnswer);
export const createWccFamily = (body: CreateWccPlanRequest) =>
  api.post('/api/create-partner-wcc-plan', body, WccFamilyAnswer);
export const updateWccFamily = (body: UpdateWccFamiliesRequest) =>
  api.patch('/api/update-partner-wcc-families', body, WccFamilyAnswer);
export const createPaymentsPlan = (body: CreatePaymentsPlanRequest) =>
  api.post('/api/whatsapp-payments-plans', body, PaymentsPlanAnswer);
export const updatePaymentsPlan = (id: string, body: UpdatePaymentsPlanRequest) =>
  api.patch(`/api/whatsapp-payments-plans/${encodeURIComponent(id)}`, body, PaymentsPlanAnswer);
