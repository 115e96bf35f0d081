import {
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from '@mui/material';
import {
  formatMoney,
  PROJECTS_PAGE_SIZE,
  planType,
  subscriptionStatus,
  wabaStatus,
  type ProjectSummary,
} from '@pc/contract';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { projectsTexts } from './texts';
import { EmptyTableRow } from '../../ui/EmptyTableRow';

type Props = {
  projects: ProjectSummary[];
  total: number;
  page: number;
  loading: boolean;
  onPage: (page: number) => void;
};

const subscriptionColor = { Active: 'success', Inactive: 'warning', Stopped: 'error' } as const;

const Row = ({ project }: { project: ProjectSummary }) => {
  const navigate = useNavigate();
  const archived = project.partnerArchived;
  const open = () => {
    if (!archived) void navigate(`/assistants/${project._id}`);
  };
  const row = (
    <TableRow
      hover={!archived}
      onClick={open}
      onKeyDown={(e) => e.key === 'Enter' && open()}
      tabIndex={archived ? -1 : 0}
      aria-disabled={archived || undefined}
      data-testid="project-row"
      sx={{ cursor: archived ? 'not-allowed' : 'pointer', opacity: archived ? 0.6 : 1 }}
    >
      <TableCell sx={{ fontWeight: 600 }}>{project.assistantName}</TableCell>
      <TableCell>{project.businessName}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={wabaStatus(project)}
            color={project.isWhatsappVerified ? 'success' : 'default'}
            variant="outlined"
          />
          <Chip
            size="small"
            label={subscriptionStatus(project)}
            color={subscriptionColor[subscriptionStatus(project)]}
            variant="outlined"
          />
        </Box>
      </TableCell>
      <TableCell>{planType(project.activePlan)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoney(project.templateCredit, project.currency)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(project.createdAt).format('MMM D, YYYY')}</TableCell>
    </TableRow>
  );
  return archived ? (
    <Tooltip title={projectsTexts.archived} followCursor>
      {row}
    </Tooltip>
  ) : (
    row
  );
};

/** 15-row pages; each page is fetched by skip once and then held. */
export const ProjectsTable = ({ projects, total, page, loading, onPage }: Props) => {
  const c = projectsTexts.columns;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Projects" sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              {[c.name, c.business, c.status, c.planType, c.credit, c.createdAt].map((label) => (
                <TableCell key={label} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading ? 0.5 : 1 }}>
            {projects.map((project) => (
              <Row key={project._id} project={project} />
            ))}
            {!loading && projects.length === 0 && <EmptyTableRow columns={6} text={projectsTexts.empty} />}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        rowsPerPage={PROJECTS_PAGE_SIZE}
        rowsPerPageOptions={[PROJECTS_PAGE_SIZE]}
        onPageChange={(_, next) => onPage(next)}
      />
    </Paper>
  );
};
