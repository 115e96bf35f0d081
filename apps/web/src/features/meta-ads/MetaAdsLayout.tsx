import { Box, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { metaAdsAreaTexts as t } from './texts';

export type AreaTab = keyof typeof t.areaTabs;

type Props = { tabs: AreaTab[]; current: AreaTab; children: ReactNode };

/**
 * The Meta Ads area's frame: its title and the links to its tabs. Each tab is its own address, so a
 * tab opened anew starts at page 1 with no search or filter.
 */
export const MetaAdsLayout = ({ tabs, current, children }: Props) => (
  <>
    <PageHeader title={t.title} />
    <Box component="nav" aria-label={t.title} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs value={current} variant="scrollable" scrollButtons={false}>
        {tabs.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={t.areaTabs[tab]}
            component={Link}
            to={`/meta-ads/${tab}`}
            sx={{ textTransform: 'none', fontWeight: 600 }}
          />
        ))}
      </Tabs>
    </Box>
    {children}
  </>
);
