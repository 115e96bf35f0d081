import { PROJECTS_REPORT_FILE, ProjectCountsResponse, ProjectListResponse, type ProjectCountsRequest, type ProjectListRequest, type ProjectsReportRequest } from '@pc/contract';
import { api } from '../../api/client';
import { ApiError, parseErrorBody } from '../../api/errors';
import { getToken } from '../../api/token';

export const fetchProjectPage = (referral: boolean, sort: 'asc' | 'dec', body: ProjectListRequest) =>
  api.post(`/api/${referral ? 'partner-referral-project-lists' : 'project-lists'}?sort=${sort}`, body, ProjectListResponse);

export const fetchProjectCounts = async (referral: boolean, body: ProjectCountsRequest) =>
  (await api.post(`/api/${referral ? 'partner-referral-project-counts' : 'project-counts'}`, body, ProjectCountsResponse))[0];

/** Downloads projects.csv of the filter and saves it in the browser. */
export const downloadProjectsReport = async (partnerId: string, body: ProjectsReportRequest) => {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/partner/${encodeURIComponent(partnerId)}/projects-report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, parseErrorBody(await response.json().catch(() => null)));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = PROJECTS_REPORT_FILE;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
