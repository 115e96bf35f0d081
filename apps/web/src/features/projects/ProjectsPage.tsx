import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import { projectTabsFor, type ProjectSummary, type ProjectTabFilter } from '@pc/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { Permitted } from '../../access/Permitted';
import { useReferralId, useSession } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { useNotify } from '../../ui/useNotify';
import { downloadProjectsReport } from './api';
import type { CreateStep } from './CreateProjectFlow';
import { ProjectsTable } from './ProjectsTable';
import { ProjectTabs } from './ProjectTabs';
import { SearchBox } from '../../ui/SearchBox';
import { Tooltip } from '../../ui/Tooltip';
import { projectsTexts } from './texts';
import { filterBody, type ProjectFilterValues } from './listRequests';
import { useProjectList } from './useProjectList';

// Only the Deleted tab restores, and only on a click: the dialog is not on the list's first load.
const RestoreDialog = lazy(() => import('./RestoreDialog').then((m) => ({ default: m.RestoreDialog })));
// Creating (its country and phone data, the stepper, the autocomplete) and the filter dialog load on
// their first opening, not with the list; once loaded they stay mounted, so they close as they open.
const CreateProjectFlow = lazy(() => import('./CreateProjectFlow').then((m) => ({ default: m.CreateProjectFlow })));
const ProjectFilterDialog = lazy(() =>
  import('./ProjectFilterDialog').then((m) => ({ default: m.ProjectFilterDialog })),
);

export const ProjectsPage = () => {
  const { partner, viewer } = useSession();
  const notify = useNotify();
  const referral = Boolean(viewer?.isReferral);
  const tabs = useMemo<ProjectTabFilter[]>(() => (partner ? projectTabsFor(partner) : ['All']), [partner]);
  const list = useProjectList(useReferralId(), tabs);
  const [filterOpen, setFilterOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [creating, setCreating] = useState<CreateStep>(null);
  const [createLoaded, setCreateLoaded] = useState(false);
  const [filterLoaded, setFilterLoaded] = useState(false);
  const create = (step: CreateStep) => {
    setCreateLoaded(true);
    setCreating(step);
  };
  const openFilter = () => {
    setFilterLoaded(true);
    setFilterOpen(true);
  };
  const [restoring, setRestoring] = useState<ProjectSummary | null>(null);
  const adsOnly = partner?.type === 'ADS_WHITELABEL';

  const download = async (values: ProjectFilterValues) => {
    setDownloading(true);
    try {
      await downloadProjectsReport(partner?.id ?? ':partnerId', {
        ...filterBody(values, list.search),
        filter: list.tab,
        sort: values.sort,
      });
      notify.success(projectsTexts.reportSuccess);
    } catch (error) {
      notify.error(errorText(error, projectsTexts.reportFailure));
    } finally {
      setDownloading(false);
    }
  };

  const createButtons = referral ? null : (
    <Tooltip title={adsOnly ? projectsTexts.adsOnly : ''}>
      <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Permitted permission="business.write">
          <Button variant="text" disabled={adsOnly} onClick={() => create({ kind: 'business' })}>
            {projectsTexts.createBusinessHere}
          </Button>
        </Permitted>
        <Permitted permission="business.write">
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={adsOnly}
            onClick={() => create({ kind: 'project', business: null })}
          >
            {projectsTexts.create}
          </Button>
        </Permitted>
      </Box>
    </Tooltip>
  );

  return (
    <>
      <PageHeader title={projectsTexts.title} actions={createButtons} />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <SearchBox
          label={projectsTexts.search}
          clearLabel={projectsTexts.clearSearch}
          value={list.search}
          onSearch={list.setSearch}
        />
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={openFilter}>
          {projectsTexts.filter}
        </Button>
      </Box>
      <ProjectTabs tabs={tabs} value={list.tab} counts={list.counts.data} onChange={list.setTab} />
      <ProjectsTable
        rows={list.rows.data?.projects}
        total={list.rows.data?.totalprojects ?? 0}
        moreThan={list.rows.data?.moreThan}
        page={list.page}
        query={list.rows}
        onPage={list.setPage}
        onRestore={list.tab === 'Deleted' ? setRestoring : undefined}
      />
      {restoring && (
        <Suspense fallback={null}>
          <RestoreDialog project={restoring} onClose={() => setRestoring(null)} />
        </Suspense>
      )}
      {filterLoaded && (
        <Suspense fallback={null}>
          <ProjectFilterDialog
            open={filterOpen}
            initial={list.values}
            showKyc={Boolean(partner?.flags.kyc)}
            downloading={downloading}
            onDownload={(values) => void download(values)}
            onApply={(values) => {
              list.apply(values);
              setFilterOpen(false);
            }}
            onClose={() => setFilterOpen(false)}
          />
        </Suspense>
      )}
      {!referral && createLoaded && (
        <Suspense fallback={null}>
          <CreateProjectFlow step={creating} onStep={setCreating} />
        </Suspense>
      )}
    </>
  );
};
