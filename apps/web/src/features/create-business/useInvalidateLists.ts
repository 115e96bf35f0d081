import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../session/keys';

/** After a create, every business and project list or count is stale; the session is not. */
export const useInvalidateLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
};
