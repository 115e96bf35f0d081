import {
  BillingActivityListsResponse,
  BillingDetailResponse,
  PartnerNameResponse,
  type BillingActivityListsRequest,
  type SortOrder,
} from '@pc/contract';
import { api } from '../../api/client';

export const fetchBillingPage = (body: BillingActivityListsRequest, sort: SortOrder) =>
  api.post(`/api/partner-billing-activity-lists?sort=${sort}`, body, BillingActivityListsResponse);
export const fetchProjectName = (assistantId: string) =>
  api.get(`/api/partner-name/${encodeURIComponent(assistantId)}`, PartnerNameResponse);
export const fetchBillingDetail = (partnerId: string, billingId: string) =>
  api.get(
    `/api/${encodeURIComponent(partnerId)}/partnerbilling-lists/${encodeURIComponent(billingId)}`,
    BillingDetailResponse,
  );

export const billingKeys = {
  all: ['billings'] as const,
  page: (projectId: string | undefined, filter: unknown, page: number) =>
    ['billings', 'page', projectId ?? '', filter, page] as const,
  detail: (id: string) => ['billings', 'detail', id] as const,
  projectName: (id: string) => ['billings', 'project-name', id] as const,
};
