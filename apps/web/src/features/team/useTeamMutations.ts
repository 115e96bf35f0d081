import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePartnerAgentForm } from '@pc/contract';
import { createAgent, disableAgent, modifyAgentRole } from './api';
import { teamKeys } from './keys';

const useInvalidateTeam = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
};

export const useCreateMember = () => {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (body: CreatePartnerAgentForm) => createAgent(body), onSuccess: invalidate });
};

export const useDisableMember = () => {
  const invalidate = useInvalidateTeam();
  return useMutation({ mutationFn: (agentId: string) => disableAgent(agentId), onSuccess: invalidate });
};

export const useChangeMemberRole = () => {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ agentId, role }: { agentId: string; role: string }) => modifyAgentRole(agentId, role),
    onSuccess: invalidate,
  });
};
