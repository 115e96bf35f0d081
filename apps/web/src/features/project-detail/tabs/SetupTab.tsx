import { Box, Button, Chip, Paper, Tooltip, Typography } from '@mui/material';
import { noPermissionText, kycButtonLabel, kycVisible, projectMessages } from '@pc/contract';
import { useState, type ReactNode } from 'react';
import { Permitted } from '../../../access/Permitted';
import { useNotify } from '../../../ui/useNotify';
import type { ActionProps } from '../ActionSlot';
import { ApplicationFormDetails } from '../application-form/ApplicationFormDetails';
import { ApplicationFormDialog } from '../application-form/ApplicationFormDialog';
import { AgentSizeDialog } from '../dialogs/AgentSizeDialog';
import { KycDialog } from '../dialogs/KycDialog';
import { MigrateDialog } from '../dialogs/MigrateDialog';
import { texts } from '../texts';
import { TroubleshootingSection } from '../troubleshooting/TroubleshootingSection';
import { LinkButton, SyncButton } from './SetupButtons';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** The Setup tab (doc 2 section 2.1): agents limit, application form, links, KYC, migration, channel sync. */
export const SetupTab = (props: ActionProps) => {
  const { project, canWrite } = props;
  const notify = useNotify();
  const [dialog, setDialog] = useState<'agents' | 'kyc' | 'migrate' | 'form' | 'form-details' | null>(null);
  const partner = project.partner;
  const direct = partner.type === 'DIRECT';
  const kycDone = project.bvbpProcess !== 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <Section title={texts.agentsLimit}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography variant="h6" component="p" data-testid="agents-limit">
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
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={project.apiFormDetails ? 'Submitted' : 'Not submitted'} />
            <Button
              size="small"
              onClick={() =>
                project.apiFormDetails ? setDialog('form-details') : notify.error(projectMessages.formDetailsMissing)
              }
            >
              {texts.viewDetails}
            </Button>
            <Permitted permission="business.write">
              <Button size="small" variant="outlined" onClick={() => setDialog('form')}>
                {project.apiFormDetails ? texts.fillFormAgain : texts.fillForm}
              </Button>
            </Permitted>
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
      {canWrite && <TroubleshootingSection {...props} />}
      <Section title={texts.channelStatus}>
        <SyncButton {...props} />
      </Section>
      {dialog === 'agents' && <AgentSizeDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'kyc' && <KycDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'migrate' && <MigrateDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'form' && <ApplicationFormDialog project={project} onClose={() => setDialog(null)} />}
      {dialog === 'form-details' && (
        <ApplicationFormDetails
          partnerId={project.partnerId}
          details={project.apiFormDetails}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
};
