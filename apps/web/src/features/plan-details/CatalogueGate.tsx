import { Skeleton, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../ui/ErrorState';

type Props = { query: UseQueryResult<unknown>; fallback: string; children: ReactNode };

/**
 * The provider's catalogue a dialog prices over: skeleton lines while it loads, the server's
 * message (or the spec's) with Retry when it fails. A catalogue not fetched (ADS_WHITELABEL) shows
 * the dialog without provider prices.
 */
export const CatalogueGate = ({ query, fallback, children }: Props) => {
  if (query.isError) return <ErrorState error={query.error} fallback={fallback} onRetry={() => void query.refetch()} />;
  if (query.isPending && query.fetchStatus !== 'idle')
    return (
      <Stack spacing={1} data-testid="catalogue-loading">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  return children;
};
