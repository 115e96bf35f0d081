import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Tab, Tabs, Tooltip } from '@mui/material';
import { SearchBox } from '../../ui/SearchBox';
import { BUSINESS_PAGE_SIZE, BusinessListUrl, businessTexts } from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CountLabel } from '../../ui/CountLabel';
import { localDayBounds } from '../../ui/localDay';
import { useUrlState } from '../../ui/useUrlState';
import { useNavigate } from 'react-router';
import { Permitted } from '../../access/Permitted';
import { useReferralId, useSession } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { businessKeys, CreateBusinessWizard } from '../create-business';
import { fetchBusinessCounts, fetchBusinessPage } from './api';
import { BusinessFilterDialog, type BusinessFilter } from './BusinessFilterDialog';
import { BusinessTable } from './BusinessTable';
import { businessesPageTexts as t } from './texts';

/** The create button: absent for referral users, disabled with the spec's tooltip for ADS_WHITELABEL. */
const CreateButton = ({ onClick }: { onClick: () => void }) => {
  const { partner, viewer } = useSession();
  if (viewer?.isReferral) return null;
  const ads = partner?.type === 'ADS_WHITELABEL';
  const button = (
    <Permitted permission="business.write">
      <Button variant="contained" onClick={onClick} disabled={ads}>
        {t.createNew}
      </Button>
    </Permitted>
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
  const navigate = useNavigate();
  const referralId = useReferralId();
  const [url, setUrl] = useUrlState(BusinessListUrl);
  const { tab, sort } = url;
  const search = url.q.trim();
  const page = url.page - 1;
  const filter: BusinessFilter = useMemo(
    () => ({ range: { from: url.from, to: url.to }, sort }),
    [url.from, url.to, sort],
  );
  const [filterOpen, setFilterOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);

  const counts = useQuery({ queryKey: businessKeys.counts(), queryFn: fetchBusinessCounts });
  const bounds = localDayBounds(url.from, url.to);
  const list = useQuery({
    queryKey: businessKeys.list(tab, sort, url.from, url.to, page),
    queryFn: () =>
      fetchBusinessPage(
        referralId,
        {
          skip: page * BUSINESS_PAGE_SIZE,
          rowsPerPage: BUSINESS_PAGE_SIZE,
          filter: tab,
          fromDate: bounds?.from ?? null,
          toDate: bounds?.to ?? null,
        },
        sort,
      ),
    enabled: !search,
    placeholderData: keepPreviousData,
  });
  const found = useQuery({
    queryKey: businessKeys.search(search, sort),
    queryFn: () => fetchBusinessPage(referralId, { filter: search, clientSearch: true, skip: 0, rowsPerPage: 0 }, sort),
    enabled: Boolean(search),
  });

  // A search shows the matches of the open tab on one page.
  const searchRows = found.data?.business.filter((b) => tab === 'All' || b.businessArchived);
  const rows = search ? searchRows : list.data?.business;
  // A dated list of many businesses is counted a few pages ahead: beyond, its total is a bound.
  const total = search ? (searchRows?.length ?? 0) : (list.data?.totalBusinesses ?? 0);
  const moreThan = !search && Boolean(list.data?.moreThan);

  return (
    <Box>
      <PageHeader title={t.title} actions={<CreateButton onClick={() => setCreateOpen(true)} />} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <SearchBox
          label={t.search}
          clearLabel={t.clearSearch}
          value={search}
          onSearch={(q) => setUrl({ q, page: 1 })}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
          {t.filter}
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, value: BusinessListUrl['tab']) => setUrl({ tab: value, page: 1 })}
        sx={{ mb: 2 }}
      >
        <Tab value="All" label={<CountLabel label={t.tabs.All} count={counts.data?.allCount} />} />
        <Tab value="Archived" label={<CountLabel label={t.tabs.Archived} count={counts.data?.archivedCount} />} />
      </Tabs>
      <BusinessTable
        rows={rows}
        total={total}
        moreThan={moreThan}
        page={search ? 0 : page}
        onPage={(p) => setUrl({ page: p + 1 })}
        query={search ? found : list}
      />
      <BusinessFilterDialog
        open={filterOpen}
        value={filter}
        onApply={(value) => setUrl({ from: value.range.from, to: value.range.to, sort: value.sort, page: 1 })}
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
