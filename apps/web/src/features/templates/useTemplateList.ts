import { TEMPLATE_PAGE_SIZE, type Template, type TemplateListUrl } from '@pc/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TableQuery } from '../../ui/DataTable';
import { fetchDirectPage, fetchTemplatePage, searchDirectTemplates } from './api';
import { templateKeys } from './keys';

type Args = { projectId: string; url: TemplateListUrl; enabled: boolean };
export type TemplateRows = { rows: Template[] | undefined; total: number; query: TableQuery };

const slice = (all: Template[], page: number) => all.slice(page * TEMPLATE_PAGE_SIZE, (page + 1) * TEMPLATE_PAGE_SIZE);

/**
 * One page of 25 (doc 2 section 9), searched (the spec's rowsPerPage 0 call, which pages by 25 too)
 * or filtered by the Created At range, in the chosen order. Each page and filter is its own query,
 * so a page already held is shown from the cache, not fetched again (doc 2 section 4).
 */
export const useTemplatePage = ({ projectId, url, enabled }: Args): TemplateRows => {
  const { q, from, to, sort } = url;
  const page = url.page - 1;
  const range = from && to ? { fromDate: from, toDate: to } : {};
  const query = useQuery({
    queryKey: templateKeys.page(projectId, { q, from, to, sort }, page),
    queryFn: () =>
      fetchTemplatePage(
        {
          skip: page * TEMPLATE_PAGE_SIZE,
          rowsPerPage: q ? 0 : TEMPLATE_PAGE_SIZE,
          assistantId: projectId,
          ...range,
          ...(q ? { filter: q } : {}),
        },
        sort,
      ),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  return { rows: query.data?.templates, total: query.data?.totalprojects ?? 0, query };
};

/**
 * DIRECT partners: the server's cursor pages of 10 (doc 2 section 9), fetched in order as far as
 * the table's page of 25 needs and held together, so turning back shows what is held.
 */
export const useDirectTemplatePage = ({ projectId, url, enabled }: Args): TemplateRows => {
  const page = url.page - 1;
  const q = url.q;
  const pages = useInfiniteQuery({
    queryKey: templateKeys.direct(projectId),
    queryFn: ({ pageParam }) => fetchDirectPage(projectId, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => (last.after && last.templates.length > 0 ? last.after : undefined),
    enabled: enabled && !q,
    staleTime: Infinity,
  });
  const found = useQuery({
    queryKey: templateKeys.directSearch(projectId, q),
    queryFn: () => searchDirectTemplates(projectId, q),
    enabled: enabled && Boolean(q),
    staleTime: Infinity,
  });

  const held = pages.data?.pages.flatMap((p) => p.templates) ?? [];
  const total = pages.data?.pages.at(-1)?.totalprojects ?? 0;
  const needed = Math.min((page + 1) * TEMPLATE_PAGE_SIZE, total);
  const short = Boolean(pages.data) && held.length < needed && pages.hasNextPage;
  const { fetchNextPage, isFetchingNextPage, isError } = pages;
  useEffect(() => {
    if (enabled && !q && short && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [enabled, q, short, isFetchingNextPage, isError, fetchNextPage]);

  if (q)
    return {
      rows: found.data ? slice(found.data.templates, page) : undefined,
      total: found.data?.templates.length ?? 0,
      query: found,
    };
  return {
    rows: pages.data && !short ? slice(held, page) : undefined,
    total,
    query: {
      isPending: pages.isPending || short,
      isFetching: pages.isFetching,
      isError: pages.isError,
      error: pages.error,
      refetch: pages.refetch,
    },
  };
};
