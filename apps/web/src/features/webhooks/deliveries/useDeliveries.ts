import type { WebhookDelivery } from '@pc/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TableQuery } from '../../../ui/DataTable';
import { fetchDeliveries } from '../api';
import { webhookKeys } from '../keys';
import type { DeliveryFilter } from './url';

export const DELIVERY_PAGE_SIZE = 25;
/** While a shown delivery waits for its next attempt, the log is read again this often. */
const PENDING_REFRESH_MS = 5_000;

type Args = { projectId: string; webhookId: string; status: DeliveryFilter; /** From 0. */ page: number };
export type DeliveryRows = {
  rows: WebhookDelivery[] | undefined;
  /** -1 while the server has more pages than those fetched. */
  total: number;
  query: TableQuery;
};

/**
 * One filter's deliveries, newest first, 25 a page by the server's cursor: the pages fetched are
 * held together, so turning back shows what is held, and a page opened from the URL fetches the
 * pages before it in order. While a delivery shown is still pending, the log refreshes itself.
 */
export const useDeliveries = ({ projectId, webhookId, status, page }: Args): DeliveryRows => {
  const pages = useInfiniteQuery({
    queryKey: webhookKeys.deliveries(projectId, webhookId, status),
    queryFn: ({ pageParam }) =>
      fetchDeliveries(projectId, webhookId, {
        status: status === 'ALL' ? undefined : status,
        cursor: pageParam || undefined,
        limit: DELIVERY_PAGE_SIZE,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    // While a delivery is pending its row changes soon; a Failed or Delivered view cannot show the
    // pending ones it waits for (a test event sent with that tab open), so it keeps looking too.
    refetchInterval: (query) =>
      status === 'FAILED' ||
      status === 'DELIVERED' ||
      query.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === 'PENDING'))
        ? PENDING_REFRESH_MS
        : false,
  });
  const held = pages.data?.pages ?? [];
  const short = Boolean(pages.data) && held.length <= page && pages.hasNextPage;
  const { fetchNextPage, isFetchingNextPage, isError } = pages;
  useEffect(() => {
    if (short && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [short, isFetchingNextPage, isError, fetchNextPage]);

  const count = held.reduce((sum, p) => sum + p.deliveries.length, 0);
  return {
    rows: pages.data && !short ? (held[page]?.deliveries ?? []) : undefined,
    total: pages.hasNextPage ? -1 : count,
    query: {
      isPending: pages.isPending || short,
      isFetching: pages.isFetching,
      isError: pages.isError,
      error: pages.error,
      refetch: pages.refetch,
    },
  };
};
