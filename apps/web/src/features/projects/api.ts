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

/** A referral user (`referralId`) calls the referral variants with their own id as partnerReferralId. */
export const fetchProjectPage = (referralId: string | null, sort: 'asc' | 'dec', body: ProjectListRequest) =>
  api.post(
    `/api/${referralId ? 'partner-referral-project-lists' : 'project-lists'}?sort=${sort}`,
    referralId ? { ...body, partnerReferralId: referralId } : body,
    ProjectListResponse,
  );

export const fetchProjectCounts = async (referralId: string | null, body: ProjectCountsRequest) =>
  (
    await api.post(
      `/api/${referralId ? 'partner-referral-project-counts' : 'project-counts'}`,
      referralId ? { ...body, partnerReferralId: referralId } : body,
      ProjectCountsResponse,
    )
  )[0];

/** Downloads projects.csv of the filter and saves it in the browser. */
export const downloadProjectsReport = (partnerId: string, body: ProjectsReportRequest) =>
  downloadFile(`/partner/${encodeURIComponent(partnerId)}/projects-report`, body, PROJECTS_REPORT_FILE);
