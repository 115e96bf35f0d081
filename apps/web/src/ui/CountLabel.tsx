import { Skeleton } from '@mui/material';

/**
 * A tab's label with its count: "All (12)", "All (10000+)" when the count stopped at a bound
 * (`atLeast`), or a placeholder while the count loads (a "(0)" or "(…)" would read as a count).
 */
export const CountLabel = ({
  label,
  count,
  atLeast,
}: {
  label: string;
  count: number | undefined;
  atLeast?: boolean;
}) =>
  count === undefined ? (
    <span>
      {label} <Skeleton variant="text" width="2.5ch" sx={{ display: 'inline-block' }} aria-label="count loading" />
    </span>
  ) : (
    `${label} (${count}${atLeast ? '+' : ''})`
  );
