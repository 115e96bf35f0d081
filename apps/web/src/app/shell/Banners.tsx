import { Alert, Stack } from '@mui/material';
import { bannersFor, type Partner } from '@pc/contract';
import { useMemo } from 'react';

export const Banners = ({ partner }: { partner: Partner | null }) => {
  const banners = useMemo(() => (partner ? bannersFor(partner) : []), [partner]);
  if (banners.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-label="Notices" role="region">
      {banners.map((banner) => (
        <Alert key={banner.kind} severity={banner.severity} role={banner.severity === 'info' ? 'status' : 'alert'}>
          {banner.text}
        </Alert>
      ))}
    </Stack>
  );
};
