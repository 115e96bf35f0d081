import { Box, Button, Link, Tooltip, Typography } from '@mui/material';
import {
  noPermissionText,
  CHANNEL_SYNC_BUTTON_COOLDOWN_MS,
  lowCentralBalance,
  projectMessages,
  type LinkKind,
  formatDateTime,
} from '@pc/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../../api/errors';
import { Permitted } from '../../../access/Permitted';
import { useNotify } from '../../../ui/useNotify';
import type { ActionProps } from '../ActionSlot';
import { generateLink, syncChannelStatus } from '../api';
import { texts } from '../texts';
import { useProjectMutation } from '../useProjectMutation';

/** The Setup tab's link generator and channel sync, also steps of the troubleshooting wizard. */

export const LinkButton = ({ kind, label, props }: { kind: LinkKind; label: string; props: ActionProps }) => {
  const { project } = props;
  const notify = useNotify();
  const [link, setLink] = useState<string | null>(null);
  const low = lowCentralBalance(project.partner);
  const make = useMutation({
    mutationFn: () =>
      generateLink(kind, { assistantId: project._id, partnerId: project.partnerId, businessId: project.clientId }),
    onSuccess: (r) => setLink(r.link),
    onError: (e) => notify.error(errorText(e, projectMessages.somethingWentWrong)),
  });
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    notify.success(projectMessages.urlCopied);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <Tooltip
        title={low ? projectMessages.lowCentralBalance : props.canWrite ? '' : noPermissionText('business.write')}
      >
        <span>
          <Button variant="outlined" disabled={low || make.isPending || !props.canWrite} onClick={() => make.mutate()}>
            {label}
          </Button>
        </span>
      </Tooltip>
      {link && (
        <>
          <Link
            href={link}
            target="_blank"
            rel="noopener"
            sx={{ overflowWrap: 'anywhere', maxWidth: '100%' }}
            data-testid={`link-${kind}`}
          >
            {texts.open}
          </Link>
          <Button size="small" onClick={copy}>
            {texts.copy}
          </Button>
        </>
      )}
    </Box>
  );
};

export const SyncButton = ({ project }: ActionProps) => {
  const [coolingUntil, setCoolingUntil] = useState(0);
  const [, tick] = useState(0);
  useEffect(() => {
    if (coolingUntil <= Date.now()) return;
    const timer = setTimeout(() => tick((n) => n + 1), coolingUntil - Date.now());
    return () => clearTimeout(timer);
  }, [coolingUntil]);
  const sync = useProjectMutation(project._id, () => syncChannelStatus(project.partnerId, project._id), {
    fallback: projectMessages.somethingWentWrong,
    onSuccess: () => setCoolingUntil(Date.now() + CHANNEL_SYNC_BUTTON_COOLDOWN_MS),
  });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Permitted permission="business.write">
        <Button
          variant="contained"
          disabled={sync.isPending || coolingUntil > Date.now()}
          onClick={() => sync.mutate(undefined)}
        >
          {texts.syncChannel}
        </Button>
      </Permitted>
      {project.lastChannelSyncAt && (
        <Typography variant="body2" color="text.secondary">
          {texts.lastSynced(formatDateTime(project.lastChannelSyncAt))}
        </Typography>
      )}
    </Box>
  );
};
