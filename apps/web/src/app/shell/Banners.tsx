import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { bannersFor, type Partner } from '@pc/contract';
import { useMemo } from 'react';

export const Banners = ({ partner, isReferral }: { partner: Partner | null; isReferral: boolean }) => {
  const banners = useMemo(
    () => (partner ? bannersFor(partner, new Date(), { isReferral }) : []),
    [partner, isReferral],
  );
  if (banners.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-label="Notices" role="region">
      {banners.map((banner) => (
        <Alert
          key={banner.kind}
          severity={banner.severity}
          role={banner.severity === 'info' ? 'status' : 'alert'}
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
      ))}
    </Stack>
  );
};
