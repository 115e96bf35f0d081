import { MarginResponse, marginReportName, type MarginGroup } from '@pc/contract';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

export const marginKeys = {
  all: ['margins'] as const,
  range: (startDate: string, endDate: string, groupBy: MarginGroup) =>
    ['margins', startDate, endDate, groupBy] as const,
};

export const fetchMargins = (startDate: string, endDate: string, groupBy: MarginGroup) =>
  api.get(`/api/margins?${new URLSearchParams({ startDate, endDate, groupBy }).toString()}`, MarginResponse);

/** The margin report's CSV of the range (one line per day, project, category and country). */
export const downloadMargins = (startDate: string, endDate: string) =>
  downloadFile('/api/margins/report', { startDate, endDate }, marginReportName(startDate, endDate));
