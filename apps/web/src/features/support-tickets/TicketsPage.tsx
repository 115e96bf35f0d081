import { Box, MenuItem, Tab, Tabs, TextField } from '@mui/material';
import {
  ticketPageSizes,
  ticketStatuses,
  ticketStatusLabels,
  TicketListUrl,
  type AdminTicketsRequest,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CountLabel } from '../../ui/CountLabel';
import { PageHeader } from '../../ui/PageHeader';
import { useUrlState, writeUrlState } from '../../ui/useUrlState';
import { fetchPartners } from '../superadmin/api';
import { adminKeys } from '../superadmin/keys';
import { fetchAdminTickets } from './api';
import { ticketKeys } from './keys';
import { ticketTexts as t } from './texts';
import { TicketDialog } from './TicketDialog';
import { TicketTable } from './TicketTable';

/**
 * /support-tickets: the super-admin's tickets, one status a tab (Pending first), newest first, 15
 * rows a page or 25 (doc 1 section 9), one partner's or all; a row opens its ticket's dialog.
 */
export const TicketsPage = () => {
  const [url, setUrl] = useUrlState(TicketListUrl);
  const [params] = useSearchParams();
  const page = url.page - 1;
  const filter: AdminTicketsRequest = useMemo(
    () => ({
      status: url.status,
      skip: page * url.rows,
      rowsPerPage: url.rows,
      ...(url.partner ? { partnerId: url.partner } : {}),
    }),
    [url.status, url.rows, url.partner, page],
  );
  const list = useQuery({
    queryKey: ticketKeys.adminPage(filter),
    queryFn: () => fetchAdminTickets(filter),
    placeholderData: keepPreviousData,
  });
  const partners = useQuery({ queryKey: adminKeys.partners(), queryFn: fetchPartners });

  return (
    <Box>
      <PageHeader title={t.pageTitle} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          label={t.partnerFilter}
          value={url.partner}
          onChange={(e) => setUrl({ partner: e.target.value, page: 1 })}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 260 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t.allPartners}</MenuItem>
          {partners.data?.partners.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.rowsPerPage}
          value={url.rows}
          onChange={(e) => setUrl({ rows: Number(e.target.value) as TicketListUrl['rows'], page: 1 })}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 140 } }}
        >
          {ticketPageSizes.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Tabs
        value={url.status}
        onChange={(_e, status: TicketListUrl['status']) => setUrl({ status, page: 1 })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {ticketStatuses.map((s) => (
          <Tab key={s} value={s} label={<CountLabel label={ticketStatusLabels[s]} count={list.data?.counts[s]} />} />
        ))}
      </Tabs>
      <TicketTable
        rows={list.data?.tickets}
        total={list.data?.totalTickets ?? 0}
        page={page}
        pageSize={url.rows}
        onPage={(p) => setUrl({ page: p + 1 })}
        query={list}
        rowLink={(row) => ({ to: `?${writeUrlState(TicketListUrl, params, { ticket: row._id }).toString()}` })}
      />
      {url.ticket && <TicketDialog id={url.ticket} onClose={() => setUrl({ ticket: '' })} />}
    </Box>
  );
};
