import {
  PROJECTS_REPORT_FILE,
  ProjectCountsResponse,
  ProjectListResponse,
  type ProjectCountsRequest,
  type ProjectListRequest,
  type ProjectsReportRequest,
} from '@pc/contract';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

export const fetchProjectPage = (referral: boolean, sort: 'asc' | 'dec', body: ProjectListRequest) =>
  api.post(
    `/api/${referral ? 'partner-referral-project-lists' : 'project-lists'}?sort=${sort}`,
    body,
    ProjectListResponse,
  );

export const fetchProjectCounts = async (referral: boolean, body: ProjectCountsRequest) =>
  (
    await api.post(
      `/api/${referral ? 'partner-referral-project-counts' : 'project-counts'}`,
      body,
      ProjectCountsResponse,
    )
  )[0];

/** Downloads projects.csv of the filter and saves it in the browser. */
export const downloadProjectsReport = (partnerId: string, body: ProjectsReportRequest) =>
  downloadFile(`/partner/${encodeURIComponent(partnerId)}/projects-report`, body, PROJECTS_REPORT_FILE);
