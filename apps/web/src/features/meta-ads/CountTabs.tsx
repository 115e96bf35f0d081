import { Tab, Tabs } from '@mui/material';
import { CountLabel } from '../../ui/CountLabel';

type Props<T extends string> = {
  label: string;
  tabs: readonly T[];
  value: T;
  /** Each tab's count; undefined while they load. */
  counts: Record<T, number> | undefined;
  /** The counts could not be had: the tabs show their names only (never a count that is not one). */
  failed: boolean;
  onChange: (tab: T) => void;
};

/** A table's tabs, each with its count (doc 3 section 2). */
export const CountTabs = <T extends string>({ label, tabs, value, counts, failed, onChange }: Props<T>) => (
  <Tabs
    value={value}
    onChange={(_, tab: T) => onChange(tab)}
    variant="scrollable"
    scrollButtons="auto"
    allowScrollButtonsMobile
    aria-label={label}
    sx={{ mb: 1 }}
  >
    {tabs.map((tab) => (
      <Tab
        key={tab}
        value={tab}
        label={failed ? tab : <CountLabel label={tab} count={counts?.[tab]} />}
        sx={{ textTransform: 'none', fontWeight: 600 }}
      />
    ))}
  </Tabs>
);
