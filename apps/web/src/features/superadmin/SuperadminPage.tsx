import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import {
  formatCount,
  formatDate,
  formatMoney,
  messages,
  PartnerListUrl,
  rateCardTexts,
  type AdminPartner,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { SearchBox } from '../../ui/SearchBox';
import { useUrlState } from '../../ui/useUrlState';
import { fetchPartnerPage } from './api';
import { applicationFormConfigTexts } from './application-form/texts';
import { catalogueScreenTexts } from './catalogue/texts';
import { adminKeys } from './keys';
import { CreatePartnerDialog } from './partners/CreatePartnerDialog';
import { PARTNER_PAGE_SIZE, partnersTexts as t } from './partners/texts';

const money = (units: number, p: AdminPartner) => formatMoney(units, p.currency);

const columns: Column<AdminPartner>[] = [
  { key: 'name', label: t.columns.name, cell: (p) => p.name },
  { key: 'type', label: t.columns.type, cell: (p) => p.type, nowrap: true },
  { key: 'currency', label: t.columns.currency, cell: (p) => p.currency },
  {
    key: 'central',
    label: t.columns.centralBalance,
    cell: (p) => money(p.centralBalance, p),
    nowrap: true,
    align: 'right',
  },
  {
    key: 'min',
    label: t.columns.minAllowedBalance,
    cell: (p) => money(p.minAllowedBalance, p),
    nowrap: true,
    align: 'right',
  },
  {
    key: 'fee',
    label: t.columns.partnershipFee,
    cell: (p) => money(p.partnershipFee, p),
    nowrap: true,
    align: 'right',
  },
  {
    key: 'renewal',
    label: t.columns.renewalOn,
    cell: (p) => (p.partnershipRenewalOn ? formatDate(`${p.partnershipRenewalOn}T12:00:00`) : '-'),
    nowrap: true,
  },
  { key: 'projects', label: t.columns.projects, cell: (p) => formatCount(p.projectCount), align: 'right' },
];

/**
 * The super-admin's partners: balances, partnership and number of projects, searched by name and
 * paged on the server (both in the URL); a row opens the partner's account page.
 */
export const SuperadminPage = () => {
  const [url, setUrl] = useUrlState(PartnerListUrl);
  const [creating, setCreating] = useState(false);
  const page = url.page - 1;
  const request = { search: url.q, skip: page * PARTNER_PAGE_SIZE, rowsPerPage: PARTNER_PAGE_SIZE };
  const query = useQuery({
    queryKey: adminKeys.partnerPage(request),
    queryFn: () => fetchPartnerPage(request),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <>
            <Button variant="outlined" component={Link} to="/provider-catalogue">
              {catalogueScreenTexts.title}
            </Button>
            <Button variant="outlined" component={Link} to="/provider-rate-cards">
              {rateCardTexts.title}
            </Button>
            <Button variant="outlined" component={Link} to="/application-form">
              {applicationFormConfigTexts.title}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t.create}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', mb: 2 }}>
        <SearchBox label={t.search} clearLabel={t.clearSearch} value={url.q} onSearch={(q) => setUrl({ q, page: 1 })} />
      </Box>
      <DataTable
        label={t.title}
        columns={columns}
        rows={query.data?.partners}
        rowKey={(p) => p.id}
        rowLink={(p) => ({ to: `/partner-accounts/${encodeURIComponent(p.id)}` })}
        rowTestId="partner-row"
        query={query}
        emptyText={t.empty}
        errorText={messages.connectionFailure}
        paging={{
          page,
          pageSize: PARTNER_PAGE_SIZE,
          total: query.data?.total ?? 0,
          onPage: (p) => setUrl({ page: p + 1 }),
        }}
        minWidth={1000}
      />
      <CreatePartnerDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
};
