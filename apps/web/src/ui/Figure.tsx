import { Box, Paper, Typography } from '@mui/material';

type Props = {
  label: string;
  value: string;
  note?: string;
  testId: string;
  /** Outlined on its own (a row of figures); plain inside a card that frames them already. */
  framed?: boolean;
};

/** One figure of a page's summary: its label, the value large, and a note under it. */
export const Figure = ({ label, value, note, testId, framed = true }: Props) => {
  const body = (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </>
  );
  return framed ? (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      {body}
    </Paper>
  ) : (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      {body}
    </Box>
  );
};
