import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PROJECTS_PAGE_SIZE, SuperadminProjectListUrl, type SuperadminProjectListRequest } from '@pc/contract';
import { useUrlState } from '../../../ui/useUrlState';
import { fetchPartnerChoices, fetchProjectPage } from './api';
import { superadminProjectKeys } from './keys';

/**
 * The super-admin's project list, its place kept in the URL (partner, status, search, page): a
 * change of filter or search goes back to the first page. Each page is fetched once and held.
 */
export const useProjectList = () => {
  const [url, setUrl] = useUrlState(SuperadminProjectListUrl);
  const page = url.page - 1;
  const search = url.q.trim();
  const body: SuperadminProjectListRequest = {
    skip: page * PROJECTS_PAGE_SIZE,
    rowsPerPage: PROJECTS_PAGE_SIZE,
    ...(url.partner ? { partnerId: url.partner } : {}),
    ...(url.status ? { status: url.status } : {}),
    ...(search ? { search } : {}),
  };
  const rows = useQuery({
    queryKey: superadminProjectKeys.page(body),
    queryFn: () => fetchProjectPage(body),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const partners = useQuery({
    queryKey: superadminProjectKeys.partners(),
    queryFn: fetchPartnerChoices,
    staleTime: 5 * 60_000,
  });
  return {
    url,
    page,
    search,
    rows,
    partners,
    setPartner: (partner: string) => setUrl({ partner, page: 1 }),
    setStatus: (status: SuperadminProjectListUrl['status']) => setUrl({ status, page: 1 }),
    setSearch: (q: string) => setUrl({ q: q.trim(), page: 1 }),
    setPage: (next: number) => setUrl({ page: next + 1 }),
  };
};
