import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessLevel } from '@pc/contract';
import { createRole, editRole } from './api';
import { roleKeys } from './keys';

export const useCreateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, permissionsList }: { name: string; permissionsList: AccessLevel }) =>
      createRole(name, permissionsList),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
};

export const useEditRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleName, permissionsList }: { roleName: string; permissionsList: AccessLevel }) =>
      editRole(roleName, permissionsList),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
};
