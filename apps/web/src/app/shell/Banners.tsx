import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
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
  '& .MuiAlert-message': { py: 0.75, typography: 'body2' },
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
  const fold = (next: boolean) => {
    rememberNoticesHidden(next ? kinds : null);
    refold((n) => n + 1);
  };
  const first = banners[0]!;

  if (hidden)
    return (
      <Alert
        severity={first.severity}
        role="region"
        aria-label="Notices"
        sx={{ ...denseSx, mb: 2, '& .MuiAlert-message': { ...denseSx['& .MuiAlert-message'], minWidth: 0, flex: 1 } }}
        action={
          <Tooltip title={texts.show}>
            <IconButton aria-label={texts.show} size="small" color="inherit" onClick={() => fold(false)}>
              <ExpandMoreIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      >
        <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
            {texts.count(banners.length)}
          </Typography>
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {first.text}
          </Typography>
        </Box>
      </Alert>
    );

  return (
    <Box sx={{ mb: 2, position: 'relative' }} role="region" aria-label="Notices">
      <Stack spacing={0.5}>
        {banners.map((banner, i) => (
          <Notice key={banner.kind} banner={banner} roomRight={i === 0} />
        ))}
      </Stack>
      <Tooltip title={texts.hide}>
        <IconButton
          aria-label={texts.hide}
          size="small"
          color="inherit"
          onClick={() => fold(true)}
          sx={{ position: 'absolute', top: 4, right: 4 }}
        >
          <ExpandLessIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
};
