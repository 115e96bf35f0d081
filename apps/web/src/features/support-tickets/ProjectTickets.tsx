import { Box, Button, Tooltip } from '@mui/material';
import {
  OPEN_TICKETS_PER_PROJECT,
  PROJECT_TICKETS_PAGE_SIZE,
  ProjectTicketsUrl,
  TICKET_UNASSIGNED,
  ticketKindLabels,
  ticketRequestText,
  type ProjectDetail,
  type SupportTicket,
  type TicketStatus,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../ui/DataTable';
import { TitledSection } from '../../ui/TitledSection';
import { useUrlState } from '../../ui/useUrlState';
import { fetchProjectTickets } from './api';
import { ticketKeys } from './keys';
import { RaiseTicketDialog } from './RaiseTicketDialog';
import { ticketTexts as t } from './texts';
import { TicketStatusChip } from './TicketStatusChip';
import { DateTime } from '../../ui/DateTime';

const c = t.columns;
const columns: Column<SupportTicket>[] = [
  { key: 'raisedAt', label: c.raisedAt, cell: (x) => <DateTime value={x.createdAt} />, nowrap: true },
  { key: 'kind', label: c.kind, cell: (x) => ticketKindLabels[x.kind] },
  { key: 'request', label: c.request, cell: (x) => ticketRequestText(x) },
  { key: 'raisedBy', label: c.raisedBy, cell: (x) => x.raisedBy },
  { key: 'status', label: c.status, cell: (x) => <TicketStatusChip status={x.status as TicketStatus} /> },
  { key: 'assignedTo', label: c.assignedTo, cell: (x) => x.assignedTo ?? TICKET_UNASSIGNED },
  { key: 'resolution', label: c.resolution, cell: (x) => x.resolution ?? '' },
];

/**
 * The project's support tickets on its Details tab: what was asked, where it stands, who took it
 * and how it ended; members who may change the project raise new ones here.
 */
export const ProjectTickets = ({ project, canWrite }: { project: ProjectDetail; canWrite: boolean }) => {
  const [url, setUrl] = useUrlState(ProjectTicketsUrl);
  const [raising, setRaising] = useState(false);
  const page = url.tpage - 1;
  const list = useQuery({
    queryKey: ticketKeys.projectPage(project._id, page),
    queryFn: () => fetchProjectTickets(project._id, page * PROJECT_TICKETS_PAGE_SIZE, PROJECT_TICKETS_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const full = (list.data?.openTickets ?? 0) >= OPEN_TICKETS_PER_PROJECT;
  const button = (
    <Button variant="contained" onClick={() => setRaising(true)} disabled={full || !list.data}>
      {t.raise}
    </Button>
  );
  const canRaise = canWrite && !project.partnerArchived;
  return (
    <Box sx={{ mt: 3 }}>
      <TitledSection
        title={t.projectSection}
        actions={
          canRaise &&
          (full ? (
            <Tooltip title={t.raiseDisabled(OPEN_TICKETS_PER_PROJECT)}>
              <span>{button}</span>
            </Tooltip>
          ) : (
            button
          ))
        }
      >
        <DataTable
          label={t.projectSection}
          columns={columns}
          rows={list.data?.tickets}
          rowKey={(x) => x._id}
          rowTestId="project-ticket-row"
          query={list}
          emptyText={t.noTickets}
          errorText={t.loadFailed}
          paging={{
            page,
            pageSize: PROJECT_TICKETS_PAGE_SIZE,
            total: list.data?.totalTickets ?? 0,
            onPage: (p) => setUrl({ tpage: p + 1 }),
          }}
          minWidth={900}
        />
      </TitledSection>
      {raising && <RaiseTicketDialog project={project} onClose={() => setRaising(false)} />}
    </Box>
  );
};
