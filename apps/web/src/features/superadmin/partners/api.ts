import {
  BalanceAnswer,
  BillingActivityListsResponse,
  CreatePartnerAnswer,
  MessageBody,
  PartnerAccount,
  RechargeAnswer,
  type CorrectionRequest,
  type CreatePartnerRequest,
  type RechargeRequest,
  type UpdatePartnerRequest,
} from '@pc/contract';
import { api, request } from '../../../api/client';

const base = (id: string) => `/superadmin/partners/${encodeURIComponent(id)}`;

export const fetchPartnerAccount = (id: string) => api.get(base(id), PartnerAccount);

export const fetchPartnerBilling = (id: string, skip: number, rowsPerPage: number) =>
  api.post(`${base(id)}/billing-logs`, { skip, rowsPerPage }, BillingActivityListsResponse);

export const createPartner = (body: CreatePartnerRequest) =>
  api.post('/superadmin/partners', body, CreatePartnerAnswer);

export const updatePartner = (id: string, body: UpdatePartnerRequest) => api.patch(base(id), body, MessageBody);

/** Money calls carry the dialog's Idempotency-Key: a retried submit records the payment once. */
export const recordRecharge = (id: string, body: RechargeRequest, key: string) =>
  request(`${base(id)}/recharge`, {
    method: 'POST',
    body,
    schema: RechargeAnswer,
    headers: { 'Idempotency-Key': key },
  });

export const correctBalance = (id: string, body: CorrectionRequest, key: string) =>
  request(`${base(id)}/correction`, {
    method: 'POST',
    body,
    schema: BalanceAnswer,
    headers: { 'Idempotency-Key': key },
  });

export const refundPartnershipFee = (id: string) =>
  api.post(`${base(id)}/partnership-refund`, undefined, BalanceAnswer);
