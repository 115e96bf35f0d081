import { CountLabel } from '../../ui/CountLabel';
import { ScrollTabs } from '../../ui/ScrollTabs';
import { projectTabCount, projectTabLabels, type ProjectCounts, type ProjectTabFilter } from '@pc/contract';

type Props = {
  tabs: ProjectTabFilter[];
  value: ProjectTabFilter;
  counts: ProjectCounts | undefined;
  onChange: (tab: ProjectTabFilter) => void;
};

/** The status tabs, each with its count (the same filters as the rows). */
export const ProjectTabs = ({ tabs, value, counts, onChange }: Props) => (
  <ScrollTabs
    value={value}
    onChange={onChange}
    label="Project status"
    sx={{ mb: 1 }}
    tabs={tabs.map((tab) => ({
      value: tab,
      label: (
        <CountLabel label={projectTabLabels[tab]} count={counts?.[projectTabCount[tab]]} atLeast={counts?.moreThan} />
      ),
    }))}
  />
);
