import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MEMBER_QUOTA, type PartnerAgent } from '@pc/contract';
import { useMemo } from 'react';
import { fetchAgents } from './api';
import { teamKeys } from './keys';

export type TeamView = { members: PartnerAgent[]; maxAgents: number; isLoading: boolean; error: unknown };

/** Active members only: delete disables a member, and disabled ones are not shown. */
export const useTeam = (partnerId: string): TeamView => {
  const query = useQuery({ queryKey: teamKeys.agents(partnerId), queryFn: () => fetchAgents(partnerId) });
  const members = useMemo(() => (query.data?.partnerAgents ?? []).filter((agent) => !agent.disabled), [query.data]);
  return {
    members,
    maxAgents: query.data?.maxAgents ?? DEFAULT_MEMBER_QUOTA,
    isLoading: query.isLoading,
    error: query.error,
  };
};
