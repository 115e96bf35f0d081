import { MarginResponse, type MarginGroup } from '@pc/contract';
import { api } from '../../api/client';

export const marginKeys = {
  all: ['margins'] as const,
  range: (startDate: string, endDate: string, groupBy: MarginGroup) =>
    ['margins', startDate, endDate, groupBy] as const,
};

export const fetchMargins = (startDate: string, endDate: string, groupBy: MarginGroup) =>
  api.get(`/api/margins?${new URLSearchParams({ startDate, endDate, groupBy }).toString()}`, MarginResponse);
