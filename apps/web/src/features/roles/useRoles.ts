import { useQuery } from '@tanstack/react-query';
import { DEFAULT_ROLE_QUOTA, type Role } from '@pc/contract';
import { useMemo } from 'react';
import { fetchRoles } from './api';
import { roleKeys } from './keys';

export type RolesView = {
  roles: Role[];
  maxRoles: number;
  isLoading: boolean;
  error: unknown;
  query: ReturnType<typeof useRolesQuery>;
};

const useRolesQuery = () => useQuery({ queryKey: roleKeys.list(), queryFn: fetchRoles });

/** The partner's custom roles, newest first, and the quota (spec default before load). */
export const useRoles = (): RolesView => {
  const query = useRolesQuery();
  const roles = useMemo(
    () => Object.values(query.data?.roles ?? {}).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [query.data],
  );
  return {
    roles,
    maxRoles: query.data?.maxRoles ?? DEFAULT_ROLE_QUOTA,
    isLoading: query.isLoading,
    error: query.error,
    query,
  };
};
