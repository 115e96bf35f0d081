import { Box, Button, Chip, Link, Paper, Tooltip, Typography } from '@mui/material';
import {
  noPermissionText,
  CHANNEL_SYNC_BUTTON_COOLDOWN_MS,
  kycButtonLabel,
  kycVisible,
  lowCentralBalance,
  projectMessages,
  type LinkKind,
  formatDateTime,
} from '@pc/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { errorText } from '../../../api/errors';
import { Permitted } from '../../../app/access/Permitted';
import { useNotify } from '../../../ui/useNotify';
import type { ActionProps } from '../ActionSlot';
import { generateLink, syncChannelStatus } from '../api';
import { AgentSizeDialog } from '../dialogs/AgentSizeDialog';
import { KycDialog } from '../dialogs/KycDialog';
import { MigrateDialog } from '../dialogs/MigrateDialog';
import { texts } from '../texts';
import { useProjectMutation } from '../useProjectMutation';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

const LinkButton = ({ kind, label, props }: { kind: LinkKind; label: string; props: ActionProps }) => {
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

const SyncButton = ({ project }: ActionProps) => {
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

/** The Setup tab (doc 2 section 2.1): agents limit, application form, links, KYC, migration, channel sync. */
export const SetupTab = (props: ActionProps) => {
  const { project, canWrite } = props;
  const notify = useNotify();
  const [dialog, setDialog] = useState<'agents' | 'kyc' | 'migrate' | null>(null);
  const partner = project.partner;
  const direct = partner.type === 'DIRECT';
  const kycDone = project.bvbpProcess !== 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <Section title={texts.agentsLimit}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography variant="h6" data-testid="agents-limit">
            {project.maxAgents}
          </Typography>
          {!direct && (
            <Permitted permission="business.write">
              <Button size="small" onClick={() => setDialog('agents')}>
                {texts.edit}
              </Button>
            </Permitted>
          )}
        </Box>
      </Section>
      {partner.onboardingMethod === 'WHATSAPP_API_FORM' && (
        <Section title={texts.applicationForm}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Chip size="small" label={project.apiFormDetails ? 'Submitted' : 'Not submitted'} />
            <Button
              size="small"
              onClick={() =>
                project.apiFormDetails
                  ? notify.info(JSON.stringify(project.apiFormDetails))
                  : notify.error(projectMessages.formDetailsMissing)
              }
            >
              {texts.viewDetails}
            </Button>
          </Box>
        </Section>
      )}
      <Section title={texts.links}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <LinkButton kind="waba" label={texts.wabaLink} props={props} />
          {partner.flags.adsLink && <LinkButton kind="ads" label={texts.adsLink} props={props} />}
          <LinkButton kind="migration" label={texts.migrationLink} props={props} />
          <LinkButton kind="catalog" label={texts.catalogLink} props={props} />
        </Box>
      </Section>
      {kycVisible(project) && (
        <Section title={texts.kyc}>
          <Tooltip
            title={
              !canWrite && !kycDone
                ? noPermissionText('business.write')
                : project.bvbpProcess === 0 && project.kycRemark
                  ? project.kycRemark
                  : ''
            }
          >
            <span>
              <Button
                variant="contained"
                disabled={kycDone || !canWrite}
                onClick={() => setDialog('kyc')}
                data-testid="kyc-button"
              >
                {kycButtonLabel(project.bvbpProcess)}
              </Button>
            </span>
          </Tooltip>
        </Section>
      )}
      {partner.flags.migration && (
        <Section title={texts.migration}>
          <Permitted permission="business.write">
            <Button variant="outlined" onClick={() => setDialog('migrate')}>
              {texts.migrate}
            </Button>
          </Permitted>
        </Section>
      )}
      <Section title={texts.channelStatus}>
        <SyncButton {...props} />
      </Section>
      {dialog === 'agents' && <AgentSizeDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'kyc' && <KycDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'migrate' && <MigrateDialog project={project} onClose={() => setDialog(null)} />}
    </Box>
  );
};
