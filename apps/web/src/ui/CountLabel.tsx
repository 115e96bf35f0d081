import { Skeleton } from '@mui/material';

/**
 * A tab's label with its count: "All (12)", or a placeholder while the count loads (a "(0)" or
 * "(…)" would read as a count).
 */
export const CountLabel = ({ label, count }: { label: string; count: number | undefined }) =>
  count === undefined ? (
    <span>
      {label} <Skeleton variant="text" width="2.5ch" sx={{ display: 'inline-block' }} aria-label="count loading" />
    </span>
  ) : (
    `${label} (${count})`
  );
