import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Typography } from '@mui/material';
import { TemplateListUrl, templateMessages, type ProjectDetail, type Template } from '@pc/contract';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../session/session';
import type { RowLink } from '../../ui/DataTable';
import { SearchBox } from '../../ui/SearchBox';
import { useNotify } from '../../ui/useNotify';
import { useUrlState } from '../../ui/useUrlState';
import { BusinessFilterDialog } from '../businesses/BusinessFilterDialog';
import { CreateTemplateDialog } from './create/CreateTemplateDialog';
import { templateDetailPath } from './paths';
import { PreviewDialog } from './PreviewDialog';
import { CreateTemplateButton, SyncTemplatesButton } from './TemplateControls';
import { TemplateTable } from './TemplateTable';
import { templateTexts as t } from './texts';
import { useDraft } from './useDraft';
import { useSyncCooldown } from './useSyncCooldown';
import { useDirectTemplatePage, useTemplatePage } from './useTemplateList';

type Props = { project: ProjectDetail; canWrite: boolean };

const DRAFT_PARAM = 'draft';

/**
 * The project's templates (doc 2 section 2.3): search on Enter, Filter, Sync Templates and Create
 * New Template over the table; used by the Template messages page and the project's Templates tab,
 * its place kept in the URL either way. A draft opens in the Create dialog (?draft=id), and so does
 * an editable template's Edit (its row's pencil, for members with write access).
 */
export const TemplatesPanel = ({ project, canWrite }: Props) => {
  const projectId = project._id;
  const { partner } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const direct = partner?.type === 'DIRECT';
  const live = project.isWhatsappVerified;
  const [url, setUrl] = useUrlState(TemplateListUrl);
  const [params, setParams] = useSearchParams();
  const ours = useTemplatePage({ projectId, url, enabled: live && !direct });
  const directs = useDirectTemplatePage({ projectId, url, enabled: live && direct });
  const list = direct ? directs : ours;
  const cooldown = useSyncCooldown(projectId);
  const [creating, setCreating] = useState(false);
  const [preview, setPreview] = useState<Template | null>(null);
  const [editing, setEditing] = useState<Template | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const filter = useMemo(
    () => ({ range: { from: url.from, to: url.to }, sort: url.sort }),
    [url.from, url.to, url.sort],
  );

  const draftId = canWrite ? params.get(DRAFT_PARAM) : null;
  const { draft, failed: draftFailed } = useDraft(draftId, list.rows);
  // The dialog keeps the draft it opened with: the list refreshing under it (the draft just
  // submitted is a draft no more) must not close it before it says so.
  const [openDraft, setOpenDraft] = useState<Template | null>(null);
  if (draft && draftId && openDraft?._id !== draftId) setOpenDraft(draft);
  const shownDraft = draftId && openDraft?._id === draftId ? openDraft : null;
  const closeDraft = () => {
    // Opened from a row, the row's link added a history entry: Back to the list removes it.
    if ((location.state as { fromList?: boolean } | null)?.fromList) return void navigate(-1);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DRAFT_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  useEffect(() => {
    if (!draftFailed) return;
    notify.error(t.draftLoadFailed);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DRAFT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [draftFailed, notify, setParams]);

  const rowLink = (row: Template): RowLink => {
    if (row.status === 'DRAFT' && canWrite) {
      const next = new URLSearchParams(params);
      next.set(DRAFT_PARAM, row._id);
      return { to: `${location.pathname}?${next.toString()}`, state: { fromList: true } };
    }
    return { to: templateDetailPath(projectId, row._id), state: { template: row } };
  };

  if (!live)
    return (
      <Typography
        sx={{ py: 4, textAlign: 'center', fontWeight: 600 }}
        color="text.secondary"
        data-testid="waba-not-live"
      >
        {templateMessages.wabaNotLive}
      </Typography>
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchBox
          label={t.search}
          clearLabel={t.clearSearch}
          value={url.q}
          onSearch={(q) => setUrl({ q, page: 1 })}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        {!direct && (
          <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
            {t.filter}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!direct && partner && <SyncTemplatesButton partnerId={partner.id} projectId={projectId} cooldown={cooldown} />}
        <CreateTemplateButton coolingDown={cooldown.coolingDown} onClick={() => setCreating(true)} />
      </Box>
      <TemplateTable
        rows={list.rows}
        total={list.total}
        page={url.page - 1}
        onPage={(p) => setUrl({ page: p + 1 })}
        query={list.query}
        direct={direct}
        rowLink={rowLink}
        onPreview={setPreview}
        onEdit={canWrite ? setEditing : undefined}
      />
      {!direct && (
        <BusinessFilterDialog
          open={filterOpen}
          value={filter}
          onClose={() => setFilterOpen(false)}
          onApply={(next) => setUrl({ from: next.range.from, to: next.range.to, sort: next.sort, page: 1 })}
        />
      )}
      <PreviewDialog template={preview} onClose={() => setPreview(null)} />
      {creating && <CreateTemplateDialog project={project} direct={direct} onClose={() => setCreating(false)} />}
      {editing && (
        <CreateTemplateDialog
          key={editing._id}
          project={project}
          direct={direct}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {shownDraft && (
        <CreateTemplateDialog
          key={shownDraft._id}
          project={project}
          direct={direct}
          draft={shownDraft}
          onClose={closeDraft}
        />
      )}
    </Box>
  );
};
