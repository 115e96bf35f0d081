import type { SxProps, Theme } from '@mui/material';
import { formatDate } from '@pc/contract';
import { localToday } from './localDay';
import { TextInput } from './TextInput';

type Props = {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  /** The earliest day either field offers (a report's 25 Apr 2023, the dashboard's 25 Mar 2023). */
  earliest?: string;
  /** The latest day: today unless said otherwise (no range ends in the future). */
  latest?: string;
  labels?: { from: string; to: string };
  /** Prefixes the fields' accessible names where a form has several ranges ("Created At From"). */
  name?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** A problem with the range, shown under To. */
  problem?: string | null;
};

/**
 * The From and To fields of a date range (the browser's date inputs), each bounded by the other, by
 * `earliest` and by today. Rendered as two fields, so the form around them decides the layout.
 */
export const DateRangeFields = ({
  from,
  to,
  onChange,
  earliest,
  latest,
  labels = { from: 'From', to: 'To' },
  name,
  size,
  sx,
  problem,
}: Props) => {
  const max = latest ?? localToday();
  // The browser draws the input in its own format; under it the day reads as the tables write dates.
  const asTables = (day: string) => (day ? formatDate(`${day}T12:00:00`, '') : undefined);
  const named = (label: string) => (name ? { 'aria-label': `${name} ${label}` } : {});
  return (
    <>
      <TextInput
        type="date"
        size={size}
        label={labels.from}
        value={from}
        onChange={(e) => onChange(e.target.value, to)}
        shrinkLabel
        inputProps={{ min: earliest, max: to || max, ...named(labels.from) }}
        sx={sx}
        helperText={asTables(from)}
      />
      <TextInput
        type="date"
        size={size}
        label={labels.to}
        value={to}
        onChange={(e) => onChange(from, e.target.value)}
        shrinkLabel
        inputProps={{ min: from || earliest, max, ...named(labels.to) }}
        sx={sx}
        error={Boolean(problem)}
        helperText={problem ?? asTables(to)}
      />
    </>
  );
};
