import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { ActivityLogUrl, type ActivityLogQuery } from '@pc/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { PageHeader } from '../../ui/PageHeader';
import { useNotify } from '../../ui/useNotify';
import { useUrlState } from '../../ui/useUrlState';
import { ActionSelect } from './ActionSelect';
import { ActivityTable } from './ActivityTable';
import { activityKeys, downloadActivityLog, fetchActivityLog } from './api';
import { ACTIVITY_PAGE_SIZE, activityTexts as t } from './texts';

/**
 * /manage/activity (ours): the team's changes, newest first, filtered by action, member and days
 * (the user's own days: the offset goes with them), all in the URL; the same filters download as CSV.
 */
export const ActivityLogPage = () => {
  const [url, setUrl] = useUrlState(ActivityLogUrl);
  const notify = useNotify();
  const page = url.page - 1;
  const query: ActivityLogQuery = {
    action: url.action,
    member: url.member,
    from: url.from,
    to: url.to,
    tz: -new Date().getTimezoneOffset(),
    page: url.page,
    rowsPerPage: ACTIVITY_PAGE_SIZE,
  };
  // Fresh on every visit: a change made a moment ago elsewhere in the console is the one looked for.
  const log = useQuery({
    queryKey: activityKeys.page(query),
    queryFn: () => fetchActivityLog(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const download = useMutation({
    mutationFn: () => downloadActivityLog(query),
    onError: (error) => notify.error(errorText(error, t.downloadFailed)),
  });
  const members = log.data?.members ?? [];
  const filtered = Boolean(url.action || url.member || url.from || url.to);

  return (
    <>
      <PageHeader
        title={t.title}
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={download.isPending}
            disabled={log.data?.total === 0}
            onClick={() => download.mutate()}
          >
            {t.download}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {t.intro}
      </Typography>
      <Box
        role="search"
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          // By the room the page has (Manage's list beside it on a wide screen), not the screen's width.
          gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
          alignItems: 'start',
        }}
      >
        <ActionSelect value={url.action} onChange={(action) => setUrl({ action, page: 1 })} />
        <TextField
          select
          size="small"
          label={t.filters.member}
          // Until the team is known, or for an id not on it, the field shows Any rather than a blank.
          value={members.some((m) => m.id === url.member) ? url.member : ''}
          onChange={(e) => setUrl({ member: e.target.value, page: 1 })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t.filters.any}</MenuItem>
          {members.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {member.name}
            </MenuItem>
          ))}
        </TextField>
        <DateRangeFields
          from={url.from}
          to={url.to}
          name="Changed"
          size="small"
          labels={{ from: t.filters.from, to: t.filters.to }}
          onChange={(from, to) => setUrl({ from, to, page: 1 })}
        />
        <Button
          onClick={() => setUrl({ action: '', member: '', from: '', to: '', page: 1 })}
          disabled={!filtered}
          sx={{ alignSelf: 'center', justifySelf: 'start' }}
        >
          {t.filters.clear}
        </Button>
      </Box>
      <ActivityTable
        rows={log.data?.entries}
        total={log.data?.total ?? 0}
        page={page}
        onPage={(p) => setUrl({ page: p + 1 })}
        query={log}
        filtered={filtered}
      />
    </>
  );
};
