import { Box, Button, ListSubheader, MenuItem, TextField } from '@mui/material';
import { AuditLogUrl, type AnyAuditAction, type AuditLogRequest } from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DateRangeFields } from '../../../ui/DateRangeFields';
import { localDayBounds } from '../../../ui/localDay';
import { PageHeader } from '../../../ui/PageHeader';
import { useUrlState } from '../../../ui/useUrlState';
import { adminKeys } from '../keys';
import { fetchAdmins, fetchAuditLog } from './api';
import { AuditTable } from './AuditTable';
import { PartnerFilter } from './PartnerFilter';
import { activityActionLabels } from '../../activity/actionLabels';
import { actionsFor, AUDIT_PAGE_SIZE, auditActionLabels, auditTexts as t } from './texts';

type Who = keyof typeof t.who;
const whoChoices = Object.keys(t.who) as Who[];

/**
 * The super-admin's audit log: every super-admin action and every partner team's change, filtered by
 * who (the platform or the partners' teams), action, partner, admin and days (in the URL).
 */
export const AuditLogPage = () => {
  const [url, setUrl] = useUrlState(AuditLogUrl);
  const page = url.page - 1;
  const bounds = localDayBounds(url.from, url.to);
  const request: AuditLogRequest = {
    action: url.action || null,
    actor: url.actor || null,
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
  const filtered = Boolean(url.actor || url.action || url.partner || url.admin || url.from || url.to);
  const actions = actionsFor(url.actor);
  // Another Who keeps the action only if it still lists it; the partners' teams have no admin.
  const chooseWho = (actor: Who) => {
    const next = actionsFor(actor);
    const kept = ([...next.admin, ...next.member] as AnyAuditAction[]).includes(url.action as AnyAuditAction);
    setUrl({ actor, action: kept ? url.action : '', admin: actor === 'member' ? '' : url.admin, page: 1 });
  };
  // Both groups only when both are listed: a single list needs no heading.
  const group = (label: string, count: number) =>
    url.actor === '' && count > 0 ? [<ListSubheader key={label}>{label}</ListSubheader>] : [];

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
            lg: 'repeat(6, minmax(0, 1fr)) auto',
          },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label={t.filters.who}
          value={url.actor}
          onChange={(e) => chooseWho(e.target.value as Who)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {whoChoices.map((who) => (
            <MenuItem key={who} value={who}>
              {t.who[who]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.filters.action}
          value={url.action}
          onChange={(e) => setUrl({ action: e.target.value as typeof url.action, page: 1 })}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
        >
          <MenuItem value="">{t.filters.any}</MenuItem>
          {group(t.who.admin, actions.admin.length)}
          {actions.admin.map((action) => (
            <MenuItem key={action} value={action}>
              {auditActionLabels[action]}
            </MenuItem>
          ))}
          {group(t.who.member, actions.member.length)}
          {actions.member.map((action) => (
            <MenuItem key={`member-${action}`} value={action}>
              {activityActionLabels[action]}
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
          disabled={url.actor === 'member'}
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
          onClick={() => setUrl({ actor: '', action: '', partner: '', admin: '', from: '', to: '', page: 1 })}
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
