import { Tab, Tabs } from '@mui/material';
import { CountLabel } from '../../ui/CountLabel';
import { projectTabCount, projectTabLabels, type ProjectCounts, type ProjectTabFilter } from '@pc/contract';

type Props = {
  tabs: ProjectTabFilter[];
  value: ProjectTabFilter;
  counts: ProjectCounts | undefined;
  onChange: (tab: ProjectTabFilter) => void;
};

/** The status tabs, each with its count (the same filters as the rows). */
export const ProjectTabs = ({ tabs, value, counts, onChange }: Props) => (
  <Tabs
    value={value}
    onChange={(_, tab: ProjectTabFilter) => onChange(tab)}
    variant="scrollable"
    scrollButtons="auto"
    allowScrollButtonsMobile
    aria-label="Project status"
    sx={{ mb: 1 }}
  >
    {tabs.map((tab) => (
      <Tab
        key={tab}
        value={tab}
        label={
          <CountLabel label={projectTabLabels[tab]} count={counts?.[projectTabCount[tab]]} atLeast={counts?.moreThan} />
        }
        sx={{ textTransform: 'none', fontWeight: 600 }}
      />
    ))}
  </Tabs>
);
