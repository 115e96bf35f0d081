import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { bannersFor, type Banner, type Partner } from '@pc/contract';
import { useMemo, useState } from 'react';
import { noticesHidden, rememberNoticesHidden } from './noticesHidden';

const texts = {
  hide: 'Hide notices',
  show: 'Show notices',
  count: (n: number) => (n === 1 ? '1 notice' : `${n} notices`),
};

/**
 * Dense: little padding around the text, and on a phone no icon (the colour says the severity), so
 * three notices take a strip of the first screen, not its top half.
 */
const denseSx = {
  py: 0,
  px: { xs: 1.5, sm: 2 },
  alignItems: 'center',
  '& .MuiAlert-icon': { py: 0.75, mr: 1, display: { xs: 'none', sm: 'flex' } },
  '& .MuiAlert-message': { py: 0.75, typography: 'body2', minWidth: 0 },
  '& .MuiAlert-action': { py: 0, pl: 1 },
} as const;

/** `roomRight`: the first notice leaves the corner to the fold button. */
const Notice = ({ banner, roomRight }: { banner: Banner; roomRight: boolean }) => (
  <Alert
    severity={banner.severity}
    role={banner.severity === 'info' ? 'status' : 'alert'}
    sx={{ ...denseSx, ...(roomRight && { pr: 5 }) }}
    action={
      banner.link && (
        <Button component={RouterLink} to={banner.link.to} color="inherit" size="small">
          {banner.link.label}
        </Button>
      )
    }
  >
    {banner.text}
  </Alert>
);

/**
 * The shell's notices (doc 1's banners in their priority order, then the wallet's and the info one),
 * in one compact stack. The user may fold it to a single line for the session; a notice that was
 * not there when it was folded opens it again (a new warning is never hidden by an old choice).
 */
export const Banners = ({ partner, isReferral }: { partner: Partner | null; isReferral: boolean }) => {
  const banners = useMemo(
    () => (partner ? bannersFor(partner, new Date(), { isReferral }) : []),
    [partner, isReferral],
  );
  const kinds = banners.map((b) => b.kind);
  // The stored fold is read on every render: a new notice kind unfolds it at once.
  const [, refold] = useState(0);
  if (banners.length === 0) return null;
  const hidden = noticesHidden(kinds);
  const label = hidden ? texts.show : texts.hide;
  // The browser's own tooltip (title): MUI's would add 11 KB to every phone's first load.
  const toggle = (
    <IconButton
      aria-label={label}
      title={label}
      size="small"
      color="inherit"
      onClick={() => {
        rememberNoticesHidden(hidden ? null : kinds);
        refold((n) => n + 1);
      }}
      sx={{ position: 'absolute', top: 4, right: 4, transform: hidden ? undefined : 'rotate(180deg)' }}
    >
      <ExpandMoreIcon fontSize="small" />
    </IconButton>
  );
  const first = banners[0]!;
  return (
    <Box sx={{ mb: 2, position: 'relative' }} role="region" aria-label="Notices">
      {hidden ? (
        <Alert severity={first.severity} role="status" icon={false} sx={{ ...denseSx, pr: 5 }}>
          <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
            <b style={{ flexShrink: 0 }}>{texts.count(banners.length)}</b>
            <Typography variant="body2" noWrap>
              {first.text}
            </Typography>
          </Box>
        </Alert>
      ) : (
        <Stack spacing={0.5}>
          {banners.map((banner, i) => (
            <Notice key={banner.kind} banner={banner} roomRight={i === 0} />
          ))}
        </Stack>
      )}
      {toggle}
    </Box>
  );
};
