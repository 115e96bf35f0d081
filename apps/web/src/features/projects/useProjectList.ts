import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PROJECTS_PAGE_SIZE,
  type KycFilter,
  type ProjectCountsRequest,
  type ProjectListSort,
  type ProjectTabFilter,
} from '@pc/contract';
import { useMemo, useState } from 'react';
import { fetchProjectCounts, fetchProjectPage } from './api';
import { projectListKeys } from './keys';

/** What the filter dialog sets (dates are days, YYYY-MM-DD). */
export type ProjectFilterValues = {
  fromDate: string;
  toDate: string;
  fromPlanActivatedDate: string;
  toPlanActivatedDate: string;
  kycFilter: KycFilter;
  monthlyPlan: 'ALL' | 'BASIC_MONTHLY' | 'PRO_MONTHLY';
  yearlyPlan: 'ALL' | 'BASIC_YEARLY' | 'PRO_YEARLY';
  sort: ProjectListSort;
};

export const emptyFilter: ProjectFilterValues = {
  fromDate: '',
  toDate: '',
  fromPlanActivatedDate: '',
  toPlanActivatedDate: '',
  kycFilter: 'ALL',
  monthlyPlan: 'ALL',
  yearlyPlan: 'ALL',
  sort: 'dec',
};

/** The shared filter of rows, counts and the report; an incomplete range is left out. */
export const filterBody = (values: ProjectFilterValues, search: string): ProjectCountsRequest => {
  const body: ProjectCountsRequest = {};
  if (search) body.assistantName = search;
  if (values.fromDate && values.toDate) Object.assign(body, { fromDate: values.fromDate, toDate: values.toDate });
  if (values.fromPlanActivatedDate && values.toPlanActivatedDate)
    Object.assign(body, {
      fromPlanActivatedDate: values.fromPlanActivatedDate,
      toPlanActivatedDate: values.toPlanActivatedDate,
    });
  if (values.kycFilter !== 'ALL') body.kycFilter = values.kycFilter;
  if (values.monthlyPlan !== 'ALL') body.monthlyPlan = values.monthlyPlan;
  if (values.yearlyPlan !== 'ALL') body.yearlyPlan = values.yearlyPlan;
  return body;
};

/**
 * The list's state: tab, search, filter and page. Switching tab clears the monthly and yearly plan
 * filters unless the tab is theirs (spec doc 1 section 4); a filter change goes back to page 0.
 */
export const useProjectList = (referral: boolean, tabs: ProjectTabFilter[]) => {
  const [tab, setTabState] = useState<ProjectTabFilter>('All');
  const [search, setSearchState] = useState('');
  const [values, setValues] = useState<ProjectFilterValues>(emptyFilter);
  const [page, setPage] = useState(0);

  const shared = useMemo(() => filterBody(values, search), [values, search]);
  const listBody = { ...shared, filter: tab, skip: page * PROJECTS_PAGE_SIZE, rowsPerPage: PROJECTS_PAGE_SIZE };
  const rows = useQuery({
    queryKey: projectListKeys.page(referral, values.sort, listBody),
    queryFn: () => fetchProjectPage(referral, values.sort, listBody),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const counts = useQuery({
    queryKey: projectListKeys.counts(referral, shared),
    queryFn: () => fetchProjectCounts(referral, shared),
    staleTime: 5 * 60_000,
  });

  const setTab = (next: ProjectTabFilter) => {
    setTabState(next);
    setValues((v) => ({
      ...v,
      monthlyPlan: next === 'Monthly Plan' ? v.monthlyPlan : 'ALL',
      yearlyPlan: next === 'Yearly Plan' ? v.yearlyPlan : 'ALL',
    }));
    setPage(0);
  };
  const setSearch = (text: string) => {
    setSearchState(text.trim());
    setPage(0);
  };
  /**
   * Applying the dialog: a monthly (or yearly) plan picks its tab where the partner has it;
   * ALL removes that filter and the tab's own filter holds again.
   */
  const apply = (next: ProjectFilterValues) => {
    let nextTab = tab;
    if (next.monthlyPlan !== 'ALL' && tabs.includes('Monthly Plan')) nextTab = 'Monthly Plan';
    else if (next.yearlyPlan !== 'ALL' && tabs.includes('Yearly Plan')) nextTab = 'Yearly Plan';
    const clean = { ...next };
    if (nextTab === 'Monthly Plan') clean.yearlyPlan = 'ALL';
    if (nextTab === 'Yearly Plan') clean.monthlyPlan = 'ALL';
    setTabState(nextTab);
    setValues(clean);
    setPage(0);
  };

  return { tab, setTab, search, setSearch, values, apply, page, setPage, shared, rows, counts };
};
