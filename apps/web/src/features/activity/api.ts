import { ActivityLogResponse, type ActivityLogQuery } from '@pc/contract';
import { api } from '../../api/client';
import { downloadCsv } from '../../api/download';
import { activityTexts } from './texts';

export const activityKeys = {
  all: ['activity'] as const,
  page: (query: ActivityLogQuery) => [...activityKeys.all, query] as const,
};

/** The query string of the log's filters: only what is set. */
const search = (query: ActivityLogQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== '' && value !== undefined) params.set(key, String(value));
  return params.toString();
};

export const fetchActivityLog = (query: ActivityLogQuery) =>
  api.get(`/api/activity-log?${search(query)}`, ActivityLogResponse);

/** Every entry matching the filters (no page) as the CSV file the same URL answers for text/csv. */
export const downloadActivityLog = (query: ActivityLogQuery) =>
  downloadCsv(
    `/api/activity-log?${search({ ...query, page: undefined, rowsPerPage: undefined })}`,
    activityTexts.fileName,
  );
