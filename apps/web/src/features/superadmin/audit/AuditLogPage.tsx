import { Box, Button, MenuItem, TextField } from '@mui/material';
import { AuditLogUrl, auditActions, type AuditLogRequest } from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DateRangeFields } from '../../../ui/DateRangeFields';
import { localDayBounds } from '../../../ui/localDay';
import { PageHeader } from '../../../ui/PageHeader';
import { useUrlState } from '../../../ui/useUrlState';
import { adminKeys } from '../keys';
import { fetchAdmins, fetchAuditLog } from './api';
import { AuditTable } from './AuditTable';
import { PartnerFilter } from './PartnerFilter';
import { AUDIT_PAGE_SIZE, auditActionLabels, auditTexts as t } from './texts';

/** The super-admin's audit log: every super-admin action, filtered by action, partner, admin and days (in the URL). */
export const AuditLogPage = () => {
  const [url, setUrl] = useUrlState(AuditLogUrl);
  const page = url.page - 1;
  const bounds = localDayBounds(url.from, url.to);
  const request: AuditLogRequest = {
    action: url.action || null,
    partnerId: url.partner || null,
    adminId: url.admin || null,
    fromDate: bounds?.from ?? null,
    toDate: bounds?.to ?? null,
    skip: page * AUDIT_PAGE_SIZE,
    rowsPerPage: AUDIT_PAGE_SIZE,
  };
  const query = useQuery({
    queryKey: adminKeys.auditPage(request),
    queryFn: () => fetchAuditLog(request),
    placeholderData: keepPreviousData,
  });
  const admins = useQuery({ queryKey: adminKeys.admins(), queryFn: fetchAdmins, staleTime: Infinity });
  const filtered = Boolean(url.action || url.partner || url.admin || url.from || url.to);

  return (
    <>
      <PageHeader title={t.title} />
      <Box
        role="search"
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: '1fr 1fr',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr)) auto',
          },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label={t.filters.action}
          value={url.action}
          onChange={(e) => setUrl({ action: e.target.value as typeof url.action, page: 1 })}
        >
          <MenuItem value="">{t.filters.any}</MenuItem>
          {auditActions.map((action) => (
            <MenuItem key={action} value={action}>
              {auditActionLabels[action]}
            </MenuItem>
          ))}
        </TextField>
        <PartnerFilter value={url.partner} onChange={(partner) => setUrl({ partner, page: 1 })} />
        <TextField
          select
          size="small"
          label={t.filters.admin}
          value={admins.data ? url.admin : ''}
          onChange={(e) => setUrl({ admin: e.target.value, page: 1 })}
        >
          <MenuItem value="">{t.filters.any}</MenuItem>
          {admins.data?.admins.map((admin) => (
            <MenuItem key={admin.id} value={admin.id}>
              {admin.name}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFields
          from={url.from}
          to={url.to}
          name="Written"
          labels={{ from: t.filters.from, to: t.filters.to }}
          onChange={(from, to) => setUrl({ from, to, page: 1 })}
        />
        <Button
          onClick={() => setUrl({ action: '', partner: '', admin: '', from: '', to: '', page: 1 })}
          disabled={!filtered}
          sx={{ alignSelf: 'center' }}
        >
          {t.filters.clear}
        </Button>
      </Box>
      <AuditTable
        rows={query.data?.entries}
        total={query.data?.total ?? 0}
        page={page}
        onPage={(p) => setUrl({ page: p + 1 })}
        query={query}
      />
    </>
  );
};
