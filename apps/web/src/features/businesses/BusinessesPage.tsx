import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Tab, Tabs, Tooltip } from '@mui/material';
import { SearchBox } from '../../ui/SearchBox';
import { BUSINESS_PAGE_SIZE, businessTexts, hasPermission } from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/session';
import { PageHeader } from '../../ui/PageHeader';
import { businessKeys, CreateBusinessWizard } from '../create-business';
import { fetchBusinessCounts, fetchBusinessPage } from './api';
import { BusinessFilterDialog, defaultFilter, type BusinessFilter } from './BusinessFilterDialog';
import { BusinessTable } from './BusinessTable';
import { businessesPageTexts as t } from './texts';

type TabName = 'All' | 'Archived';

/** The create button: absent for referral users, disabled with the spec's tooltip for ADS_WHITELABEL. */
const CreateButton = ({ onClick }: { onClick: () => void }) => {
  const { partner, viewer } = useSession();
  if (viewer?.isReferral) return null;
  const ads = partner?.type === 'ADS_WHITELABEL';
  const button = (
    <Button variant="contained" onClick={onClick} disabled={ads || !hasPermission(viewer, 'business.write')}>
      {t.createNew}
    </Button>
  );
  return ads ? (
    <Tooltip title={businessTexts.adsCannotCreate}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
};

export const BusinessesPage = () => {
  const { viewer } = useSession();
  const navigate = useNavigate();
  const referral = Boolean(viewer?.isReferral);
  const [tab, setTab] = useState<TabName>('All');
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState<BusinessFilter>(defaultFilter);
  const [search, setSearch] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);

  const counts = useQuery({ queryKey: businessKeys.counts(), queryFn: fetchBusinessCounts });
  const { from, to } = filter.range;
  const list = useQuery({
    queryKey: businessKeys.list(tab, filter.sort, from, to, page),
    queryFn: () =>
      fetchBusinessPage(
        referral,
        {
          skip: page * BUSINESS_PAGE_SIZE,
          rowsPerPage: BUSINESS_PAGE_SIZE,
          filter: tab,
          fromDate: from || null,
          toDate: to || null,
        },
        filter.sort,
      ),
    enabled: !search,
    placeholderData: keepPreviousData,
  });
  const found = useQuery({
    queryKey: businessKeys.search(search, filter.sort),
    queryFn: () =>
      fetchBusinessPage(referral, { filter: search, clientSearch: true, skip: 0, rowsPerPage: 0 }, filter.sort),
    enabled: Boolean(search),
  });

  // A search shows the matches of the open tab on one page.
  const searchRows = (found.data?.business ?? []).filter((b) => tab === 'All' || b.businessArchived);
  const rows = search ? searchRows : (list.data?.business ?? []);
  const total = search ? searchRows.length : (list.data?.totalBusinesses ?? 0);

  const submitSearch = (text: string) => {
    setSearch(text.trim());
    setPage(0);
  };

  return (
    <Box>
      <PageHeader title={t.title} actions={<CreateButton onClick={() => setCreateOpen(true)} />} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <SearchBox
          label={t.search}
          clearLabel={t.clearSearch}
          onSearch={submitSearch}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
          {t.filter}
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, value: TabName) => {
          setTab(value);
          setPage(0);
        }}
        sx={{ mb: 2 }}
      >
        <Tab value="All" label={`${t.tabs.All} (${counts.data?.allCount ?? 0})`} />
        <Tab value="Archived" label={`${t.tabs.Archived} (${counts.data?.archivedCount ?? 0})`} />
      </Tabs>
      <BusinessTable
        rows={rows}
        total={total}
        page={search ? 0 : page}
        onPage={setPage}
        loading={search ? found.isLoading : list.isLoading}
      />
      <BusinessFilterDialog
        open={filterOpen}
        value={filter}
        onApply={(value) => {
          setFilter(value);
          setPage(0);
        }}
        onClose={() => setFilterOpen(false)}
      />
      <CreateBusinessWizard
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={() => navigate('/businesses')}
      />
    </Box>
  );
};
