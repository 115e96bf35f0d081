import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { SearchBox } from '../../ui/SearchBox';
import {
  businessBillingReportName,
  businessConversationReportName,
  businessTexts,
  hasPermission,
  stripArchiveMarker,
  formatDate,
  BusinessProjectsUrl,
} from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useBack } from '../../ui/useBack';
import { Permitted } from '../../access/Permitted';
import { useUrlState } from '../../ui/useUrlState';
import { errorText } from '../../api/errors';
import { useSession } from '../../session/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageLoader } from '../../ui/PageLoader';
import { useNotify } from '../../ui/useNotify';
import { businessKeys, CreateProjectDialog } from '../create-business';
import {
  deleteBusiness,
  downloadReport,
  fetchBusiness,
  fetchBusinessProjects,
  resetBusinessPassword,
  sendSetupMail,
  updateBusiness,
} from './api';
import { NameEditDialog } from './NameEditDialog';
import { ProjectCard } from './ProjectCard';
import { ReportDialog } from '../../ui/ReportDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { businessesPageTexts as t } from './texts';
import { useResetMailLock } from './useResetMailLock';

const Stat = ({ label, value }: { label: string; value: string | number }) => (
  <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
      {value}
    </Typography>
  </Paper>
);

type Dialogs = 'none' | 'displayName' | 'company' | 'delete' | 'reset' | 'billing' | 'convo' | 'project';

export const BusinessDetailPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useBack('/businesses');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { partner, viewer } = useSession();
  const partnerId = partner?.id ?? ':partnerId';
  const [{ q: search }, setUrl] = useUrlState(BusinessProjectsUrl);
  const [dialog, setDialog] = useState<Dialogs>('none');
  const mailLock = useResetMailLock(id);

  // Once deleted, the business is not asked for again while the page leaves (each ask, a 404).
  const [deleted, setDeleted] = useState(false);
  const business = useQuery({
    queryKey: businessKeys.detail(id),
    queryFn: () => fetchBusiness(partnerId, id),
    retry: false,
    enabled: !deleted,
  });
  const projects = useQuery({
    queryKey: businessKeys.projects(id, search),
    queryFn: () => fetchBusinessProjects(id, search),
    enabled: business.isSuccess && !deleted,
  });
  const close = () => setDialog('none');
  const refresh = () => queryClient.invalidateQueries({ queryKey: businessKeys.all });

  const rename = useMutation({
    mutationFn: (body: { display_name?: string; company?: string }) => updateBusiness(partnerId, id, body),
    onSuccess: async () => {
      notify.success(businessTexts.updated);
      close();
      await refresh();
    },
    onError: (error) => notify.error(errorText(error, businessTexts.updateFailed)),
  });
  const remove = useMutation({
    mutationFn: () => deleteBusiness(id),
    onSuccess: async (answer) => {
      setDeleted(true);
      notify.success(answer.message);
      close();
      await navigate('/businesses');
      // Its own queries go from the cache; the lists are fetched again.
      queryClient.removeQueries({ queryKey: businessKeys.detail(id) });
      queryClient.removeQueries({ queryKey: [...businessKeys.all, 'projects', id] });
      await refresh();
    },
    onError: (error) => notify.error(errorText(error, businessTexts.updateFailed)),
  });
  const reset = useMutation({
    mutationFn: (body: { password: string; confirmPassword: string }) =>
      resetBusinessPassword({ clientId: id, ...body }),
    onSuccess: async () => {
      notify.success(businessTexts.passwordUpdated);
      close();
      await refresh();
    },
    onError: (error) => notify.error(errorText(error, businessTexts.passwordResetFailed)),
  });
  const mail = useMutation({
    mutationFn: (email: string) => sendSetupMail(email),
    onSuccess: () => {
      notify.success(businessTexts.resetMailSent);
      mailLock.lock();
    },
    onError: (error) => notify.error(errorText(error, businessTexts.resetMailFailed)),
  });

  if (business.isLoading) return <PageLoader />;
  if (!business.data) {
    return (
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={back}>
          {t.back}
        </Button>
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t.notFound}
        </Alert>
      </Box>
    );
  }
  const b = business.data;
  const canWrite = hasPermission(viewer, 'business.write');
  const isDirect = partner?.type === 'DIRECT';
  const ads = partner?.type === 'ADS_WHITELABEL';
  const referral = Boolean(viewer?.isReferral);
  const list = projects.data?.projects ?? [];

  const resetButton = (
    <Button
      variant="outlined"
      disabled={ads || (!isDirect && (mailLock.locked || mail.isPending))}
      onClick={() => (isDirect ? setDialog('reset') : mail.mutate(stripArchiveMarker(b.email)))}
    >
      {t.resetPassword}
    </Button>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <IconButton aria-label={t.back} onClick={back}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>
          {t.businessTitle(b.display_name)}
        </Typography>
        {canWrite && (
          <Tooltip title={t.updateDisplayName}>
            <IconButton aria-label={t.editDisplayName} onClick={() => setDialog('displayName')}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>

      {!isDirect && !b.password && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {businessTexts.passwordIncomplete}
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SearchBox
          label={t.searchProject}
          clearLabel={t.clearSearch}
          value={search}
          onSearch={(q) => setUrl({ q })}
          sx={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        {!referral &&
          (ads ? (
            <Tooltip title={businessTexts.adsCannotCreate}>
              <span>
                <Button variant="contained" disabled>
                  {t.createProject}
                </Button>
              </span>
            </Tooltip>
          ) : (
            <Permitted permission="business.write">
              <Button variant="contained" onClick={() => setDialog('project')}>
                {t.createProject}
              </Button>
            </Permitted>
          ))}
        <Permitted permission="business.write">{resetButton}</Permitted>
        {/* Billing logs are Billings read's: without it the report is not offered (the server refuses it too). */}
        {hasPermission(viewer, 'billings.read') && (
          <Button variant="outlined" onClick={() => setDialog('billing')}>
            {t.billingReport}
          </Button>
        )}
        <Button variant="outlined" onClick={() => setDialog('convo')}>
          {t.convoReport}
        </Button>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2 }}>
        <Stat label={t.totalProject} value={projects.data?.totalprojects ?? 0} />
        <Stat label={t.wabaLive} value={0} />
        <Stat label={t.createdOn} value={formatDate(b.createdOn)} />
        <Stat label={t.companySize} value={b.companySize ?? '-'} />
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t.detailsBox}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1 }}>
          <Typography color="text.secondary">{t.companyName}</Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{b.company || '-'}</Typography>
            {canWrite && partner?.flags.companyNameEdit && (
              <Tooltip title={t.updateCompanyName}>
                <IconButton size="small" aria-label={t.editCompanyName} onClick={() => setDialog('company')}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
          <Typography color="text.secondary">{t.mobileNumber}</Typography>
          <Typography>{b.contact || '-'}</Typography>
          <Typography color="text.secondary">{t.adminEmail}</Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{stripArchiveMarker(b.email)}</Typography>
        </Box>
      </Paper>

      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t.liveProjects}
      </Typography>
      {projects.isSuccess && list.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {businessTexts.noProject}
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            mb: 3,
          }}
        >
          {list.map((project) => (
            <ProjectCard key={project._id} project={project} />
          ))}
        </Box>
      )}

      <Box sx={{ mt: 3 }}>
        <Permitted permission="business.write">
          <Button color="error" variant="outlined" disabled={ads} onClick={() => setDialog('delete')}>
            {t.deleteBusiness}
          </Button>
        </Permitted>
      </Box>

      <NameEditDialog
        open={dialog === 'displayName'}
        title={t.updateDisplayName}
        current={b.display_name}
        busy={rename.isPending}
        onSave={(name) => rename.mutate({ display_name: name })}
        onClose={close}
      />
      <NameEditDialog
        open={dialog === 'company'}
        title={t.updateCompanyName}
        current={b.company}
        busy={rename.isPending}
        onSave={(name) => rename.mutate({ company: name })}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t.deleteTitle}
        text={businessTexts.deleteConfirm}
        confirmLabel={t.deleteBusiness}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={close}
      />
      <ResetPasswordDialog
        open={dialog === 'reset'}
        busy={reset.isPending}
        onReset={(password, confirmPassword) => reset.mutate({ password, confirmPassword })}
        onClose={close}
      />
      <ReportDialog
        open={dialog === 'billing'}
        title={t.billingReport}
        withReasonCodes
        onClose={close}
        onDownload={(range, days) =>
          downloadReport(
            `/partner/${encodeURIComponent(partnerId)}/partner-billing-report?clientId=${encodeURIComponent(id)}`,
            range,
            businessBillingReportName(days.from, days.to),
          )
        }
      />
      <ReportDialog
        open={dialog === 'convo'}
        title={t.convoReport}
        withReasonCodes={false}
        onClose={close}
        onDownload={(range, days) =>
          downloadReport(
            `/partner/${encodeURIComponent(partnerId)}/business/${encodeURIComponent(id)}/business-convo-report`,
            range,
            businessConversationReportName(days.from, days.to),
          )
        }
      />
      <CreateProjectDialog
        open={dialog === 'project'}
        business={{ id: b.id, display_name: b.display_name }}
        onClose={close}
      />
    </Box>
  );
};
