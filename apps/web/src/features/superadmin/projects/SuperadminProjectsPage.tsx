import { Box, MenuItem, TextField, useMediaQuery, type Theme } from '@mui/material';
import {
  isArchivedProject,
  messages,
  PROJECTS_PAGE_SIZE,
  projectStatuses,
  superadminProjectTexts,
  type SuperadminProjectListUrl,
} from '@pc/contract';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { SearchBox } from '../../../ui/SearchBox';
import { narrowColumns, wideColumns } from './columns';
import { listTexts as t } from './texts';
import { useProjectList } from './useProjectList';

// The project's name stays in view while the other columns scroll sideways.
const stickyName = {
  '& th:first-of-type, & td:first-of-type': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    borderRight: 1,
    borderRightColor: 'divider',
    minWidth: 180,
  },
} as const;

/**
 * /assistants for the super-admin: every partner's projects (doc 2 section 2.2), 15 a page, newest
 * first, by partner and status and searched by name or number. A row opens the project's screen;
 * an archived one does not ('Project is archived').
 */
export const SuperadminProjectsPage = () => {
  const list = useProjectList();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const counts = list.rows.data?.statusCounts;
  const partners = list.partners.data?.partners ?? [];
  // A partner in the URL that is not among the choices (yet) still shows as chosen.
  const partnerKnown = !list.url.partner || partners.some((p) => p.id === list.url.partner);

  return (
    <>
      <PageHeader title={t.title} />
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <SearchBox
          label={t.search}
          clearLabel={t.clearSearch}
          value={list.search}
          onSearch={list.setSearch}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 400px' } }}
        />
        <TextField
          select
          size="small"
          label={t.partner}
          value={partnerKnown ? list.url.partner : ''}
          onChange={(e) => list.setPartner(e.target.value)}
          sx={{ width: { xs: 'calc(50% - 6px)', sm: 220 } }}
        >
          <MenuItem value="">{t.allPartners}</MenuItem>
          {partners.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.status}
          value={list.url.status}
          onChange={(e) => list.setStatus(e.target.value as SuperadminProjectListUrl['status'])}
          sx={{ width: { xs: 'calc(50% - 6px)', sm: 200 } }}
        >
          <MenuItem value="">{t.allStatuses}</MenuItem>
          {projectStatuses.map((s) => (
            <MenuItem key={s} value={s}>
              {counts ? `${s} (${counts[s]})` : s}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={stickyName}>
        <DataTable
          label={t.title}
          columns={narrow ? narrowColumns : wideColumns}
          rows={list.rows.data?.projects}
          rowKey={(p) => p._id}
          rowLink={(p) => ({ to: `/assistants/${p._id}` })}
          rowDisabled={(p) => (isArchivedProject(p) ? superadminProjectTexts.archivedProject : null)}
          rowTestId="superadmin-project-row"
          query={list.rows}
          emptyText={t.empty}
          errorText={messages.somethingWentWrongTryagain}
          paging={{
            page: list.page,
            pageSize: PROJECTS_PAGE_SIZE,
            total: list.rows.data?.totalprojects ?? 0,
            onPage: list.setPage,
          }}
          minWidth={2600}
        />
      </Box>
    </>
  );
};
