import { IconButton, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { formatDate } from '@pc/contract';
import type { ReactNode } from 'react';
import { DataTable, type TableQuery } from '../../ui/DataTable';
import { TitledSection } from '../../ui/TitledSection';
import { planDetailsTexts as t } from './texts';

type Family = { _id: string; name: string; createdAt: string };

type Props<F extends Family> = {
  title: string;
  families: F[] | undefined;
  query: TableQuery;
  emptyText: string;
  errorText: string;
  canEdit: boolean;
  createButton: ReactNode;
  onOpen: (family: F, mode: 'view' | 'edit') => void;
};

/**
 * One of the page's three tables (doc 3 section 2): Name, Created At, Actions. Rows open dialogs,
 * not pages, so the actions are icon buttons (view; edit only with plans write) rather than row links.
 */
export const FamilyTable = <F extends Family>(props: Props<F>) => {
  const { title, families, query, emptyText, errorText, canEdit, createButton, onOpen } = props;
  return (
    <TitledSection title={title} actions={createButton}>
      <DataTable
        label={title}
        rows={families}
        rowKey={(family) => family._id}
        query={query}
        emptyText={emptyText}
        errorText={errorText}
        minWidth={0}
        columns={[
          { key: 'name', label: t.columns.name, cell: (family) => family.name },
          { key: 'created', label: t.columns.createdAt, cell: (family) => formatDate(family.createdAt), nowrap: true },
          {
            key: 'actions',
            label: t.columns.actions,
            align: 'right',
            nowrap: true,
            cell: (family) => (
              <>
                <Tooltip title={t.view(family.name)}>
                  <IconButton aria-label={t.view(family.name)} onClick={() => onOpen(family, 'view')}>
                    <VisibilityOutlinedIcon />
                  </IconButton>
                </Tooltip>
                {canEdit && (
                  <Tooltip title={t.edit(family.name)}>
                    <IconButton aria-label={t.edit(family.name)} onClick={() => onOpen(family, 'edit')}>
                      <EditOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </>
            ),
          },
        ]}
      />
    </TitledSection>
  );
};
