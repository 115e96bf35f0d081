import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { TEMPLATE_PAGE_SIZE, templateMessages, type Template } from '@pc/contract';
import { Link } from 'react-router';
import { DataTable, type Column, type PagedRows, type RowLink } from '../../ui/DataTable';
import { isEditable } from './create/editMode';
import { StatusChip } from './StatusChip';
import { templateTexts as t } from './texts';
import { DateTime } from '../../ui/DateTime';

type Props = PagedRows<Template> & {
  /** DIRECT partners: no Project Name column (doc 2 section 2.3). */
  direct: boolean;
  /** Where a row leads: the read-only detail, or for a draft the Create dialog with it loaded. */
  rowLink: (template: Template) => RowLink;
  onPreview: (template: Template) => void;
  /** Members with write access: an editable template's Edit (create/editMode.ts). */
  onEdit?: ((template: Template) => void) | undefined;
};

const nameOf = (template: Template) => template.name || t.untitled;

const ActionCell = ({
  template,
  link,
  onPreview,
  onEdit,
}: {
  template: Template;
  link: RowLink;
  onPreview: Props['onPreview'];
  onEdit: Props['onEdit'];
}) =>
  template.status === 'DRAFT' ? (
    <Tooltip title={t.editDraft}>
      <IconButton
        size="small"
        aria-label={t.editDraftOf(template.name)}
        component={Link}
        to={link.to}
        state={link.state}
      >
        <EditNoteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ) : (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5 }}>
      <Tooltip title={t.preview}>
        <IconButton size="small" aria-label={t.previewOf(template.name)} onClick={() => onPreview(template)}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {onEdit && isEditable(template) && (
        <Tooltip title={t.edit}>
          <IconButton size="small" aria-label={t.editOf(template.name)} onClick={() => onEdit(template)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );

const columnsFor = (direct: boolean, narrow: boolean, props: Props): Column<Template>[] => {
  const c = t.columns;
  const project: Column<Template> = { key: 'project', label: c.project, cell: (r) => r.assistantName };
  const created: Column<Template> = {
    key: 'created',
    label: c.createdAt,
    cell: (r) => <DateTime value={r.createdAt} />,
    nowrap: true,
  };
  const name: Column<Template> = { key: 'name', label: c.name, cell: nameOf };
  const rest: Column<Template>[] = [
    { key: 'status', label: c.status, cell: (r) => <StatusChip template={r} /> },
    { key: 'reason', label: c.rejectedReason, cell: (r) => r.rejectedReason || templateMessages.unmarked },
    {
      key: 'action',
      label: c.action,
      action: true,
      cell: (r) => (
        <ActionCell template={r} link={props.rowLink(r)} onPreview={props.onPreview} onEdit={props.onEdit} />
      ),
    },
  ];
  const lead = direct ? [created, name] : [project, created, name];
  // A phone's row is titled by its first column: the template's name says more than the project's.
  return narrow ? [name, ...lead.filter((x) => x !== name), ...rest] : [...lead, ...rest];
};

/** Project Name, Created At, Template Name, Status, Rejected Reason, Action; 25 rows a page. */
export const TemplateTable = (props: Props) => {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { rows, total, page, onPage, query, direct, rowLink } = props;
  return (
    <DataTable
      label={t.tableLabel}
      columns={columnsFor(direct, narrow, props)}
      rows={rows}
      rowKey={(r) => r._id}
      rowLink={rowLink}
      rowTestId="template-row"
      query={query}
      emptyText={t.noRows}
      errorText={t.loadFailed}
      paging={{ page, pageSize: TEMPLATE_PAGE_SIZE, total, onPage }}
      minWidth={direct ? 760 : 900}
    />
  );
};
