import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RISK_PAGE_SIZE, RiskUrl, type RiskKind, type RiskQuery, type RiskSort } from '@pc/contract';
import { useUrlState } from '../../ui/useUrlState';
import { fetchRisk, riskKeys } from './api';

/**
 * The board's place in the URL (signal kind, business, sort, page): a change of filter or sort
 * goes back to the first page. Each page is fetched once and held for a minute.
 */
export const useRiskBoard = () => {
  const [url, setUrl] = useUrlState(RiskUrl);
  const page = url.page - 1;
  const query: RiskQuery = {
    ...(url.kind ? { kind: url.kind } : {}),
    ...(url.business ? { businessId: url.business } : {}),
    sort: url.sort,
    skip: page * RISK_PAGE_SIZE,
    rowsPerPage: RISK_PAGE_SIZE,
  };
  const board = useQuery({
    queryKey: riskKeys.board(query),
    queryFn: () => fetchRisk(query),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return {
    url,
    page,
    board,
    setKind: (kind: RiskKind | '') => setUrl({ kind, page: 1 }),
    setBusiness: (business: string) => setUrl({ business, page: 1 }),
    setSort: (sort: RiskSort) => setUrl({ sort, page: 1 }),
    setPage: (next: number) => setUrl({ page: next + 1 }),
  };
};
