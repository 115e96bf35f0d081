import SyncIcon from '@mui/icons-material/Sync';
import { Button, Tooltip } from '@mui/material';
import { hasPermission, templateMessages } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { errorText, isApiError } from '../../api/errors';
import { Permitted } from '../../access/Permitted';
import { useSession } from '../../session/session';
import { useNotify } from '../../ui/useNotify';
import { syncTemplates } from './api';
import { templateKeys } from './keys';
import { templateTexts as t } from './texts';

type Cooldown = { coolingDown: boolean; start: (lastSyncedAt?: string) => void };

/**
 * A write control (doc 2 section 6): without write access disabled with why; during the sync
 * cool-down disabled with 'Retry again a in few mins' (doc 2 section 4).
 */
const Gated = ({ coolingDown, children }: { coolingDown: boolean; children: ReactElement<{ disabled?: boolean }> }) => {
  const { viewer } = useSession();
  if (!hasPermission(viewer, 'business.write')) return <Permitted permission="business.write">{children}</Permitted>;
  return coolingDown ? (
    <Tooltip title={templateMessages.syncCooldownTooltip}>
      <span style={{ display: 'inline-flex' }} tabIndex={0} data-testid="sync-cooldown">
        {children}
      </span>
    </Tooltip>
  ) : (
    children
  );
};

export const SyncTemplatesButton = ({
  partnerId,
  projectId,
  cooldown,
}: {
  partnerId: string;
  projectId: string;
  cooldown: Cooldown;
}) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => syncTemplates(partnerId, projectId),
    onSuccess: (answer) => {
      cooldown.start(answer.lastSyncedAt);
      notify.success(templateMessages.syncSuccessful);
      void queryClient.invalidateQueries({ queryKey: templateKeys.project(projectId) });
    },
    onError: (error) => {
      // Too soon: the server's own wait is on, so ours starts too.
      if (isApiError(error) && error.status === 429) {
        cooldown.start();
        notify.error(errorText(error, templateMessages.syncTooSoon));
      } else notify.error(templateMessages.syncFailed);
    },
  });
  return (
    <Gated coolingDown={cooldown.coolingDown}>
      <Button
        variant="outlined"
        startIcon={<SyncIcon />}
        loading={sync.isPending}
        disabled={cooldown.coolingDown}
        onClick={() => sync.mutate()}
      >
        {t.syncTemplates}
      </Button>
    </Gated>
  );
};

export const CreateTemplateButton = ({ coolingDown, onClick }: { coolingDown: boolean; onClick: () => void }) => (
  <Gated coolingDown={coolingDown}>
    <Button variant="contained" disabled={coolingDown} onClick={onClick}>
      {t.createNew}
    </Button>
  </Gated>
);
