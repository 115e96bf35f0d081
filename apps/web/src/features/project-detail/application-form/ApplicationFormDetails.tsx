import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { ApiFormDetails, applicationFormSteps, formatDateTime } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { fetchApplicationFormConfig } from './api';

/** View Details: the submitted form, step by step, read-only. */
export const ApplicationFormDetails = ({
  partnerId,
  details,
  onClose,
}: {
  partnerId: string;
  details: unknown;
  onClose: () => void;
}) => {
  const titleId = useId();
  const config = useQuery({
    queryKey: ['application-form-config'],
    queryFn: () => fetchApplicationFormConfig(partnerId),
  });
  const form = ApiFormDetails.safeParse(details).data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Application form</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {form && (
          <Typography variant="body2" color="text.secondary">
            Submitted {formatDateTime(form.submittedAt)}
          </Typography>
        )}
        {applicationFormSteps.map((s, i) => {
          const labels = config.data?.steps[i];
          const part = (form?.[s.key] ?? (details as Record<string, unknown> | null)?.[s.key] ?? {}) as Record<
            string,
            unknown
          >;
          return (
            <Box key={s.key}>
              <Typography variant="subtitle2">{labels?.title ?? s.key}</Typography>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)', gap: 0.5 }}
              >
                {Object.keys(s.schema.shape).map((name) => (
                  <Box key={name} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {labels?.fields[name]?.label ?? name}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {String(part[name] ?? '-')}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
