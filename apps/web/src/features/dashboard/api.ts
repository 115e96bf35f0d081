import { DashboardSummary, DashboardUsage } from '@pc/contract';
import { api } from '../../api/client';

export const fetchDashboardSummary = () => api.get('/api/dashboard-summary', DashboardSummary);

export const fetchDashboardUsage = (fromDate: string, toDate: string) =>
  api.get(`/api/dashboard-usage?${new URLSearchParams({ fromDate, toDate }).toString()}`, DashboardUsage);
