import { WccAnalyticsResponse } from '@pc/contract';
import { api } from '../../api/client';

export const fetchWccAnalytics = (startDate: string, endDate: string, projectId?: string) => {
  const query = new URLSearchParams({ startDate, endDate, ...(projectId ? { projectId } : {}) });
  // The partner in the path is the session's on the server; the spec's literal placeholder is kept.
  return api.get(`/partner/:partnerId/wcc-analytics?${query.toString()}`, WccAnalyticsResponse);
};
