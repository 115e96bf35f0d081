import { useQuery } from '@tanstack/react-query';
import { fetchMe, fetchPartner } from './api';
import { sessionKeys } from './keys';

export const useMeQuery = (enabled: boolean) =>
  useQuery({ queryKey: sessionKeys.me(), queryFn: fetchMe, enabled, staleTime: Infinity });

export const usePartnerQuery = (enabled: boolean) =>
  useQuery({ queryKey: sessionKeys.partner(), queryFn: fetchPartner, enabled, staleTime: 60_000 });
