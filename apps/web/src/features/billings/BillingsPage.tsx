import { Alert } from '@mui/material';
import { billingTexts, type BillingLog } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useSession } from '../../session/session';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { billingKeys, fetchBillingDetail, fetchProjectName } from './api';
import { BillingDetail } from './BillingDetailPage';
import { BillingLogs } from './BillingLogs';
import { ProjectBillings } from './ProjectBillings';
import { billingsPageTexts as t } from './texts';

/**
 * /billings/{id}: a billing log opened from the list arrives with its entry in the navigation state
 * (kept through a reload). Opened directly, the id is the spec's project id first (its billings),
 * and only when no project has it a billing log: the project's billings page never asks for its id
 * as a log's (a 404 in the console on every visit).
 */
const BillingIdRoute = ({ id }: { id: string }) => {
  const { partner } = useSession();
  const state = useLocation().state as { log?: BillingLog } | null;
  const fromState = state?.log?._id === id ? state.log : undefined;
  const projectId = fromState ? fromState.assistantId : id;
  const project = useQuery({
    queryKey: billingKeys.projectName(projectId ?? ''),
    queryFn: () => fetchProjectName(projectId!),
    enabled: Boolean(projectId),
    retry: false,
  });
  const notAProject = !fromState && isApiError(project.error) && project.error.status === 404;
  const detail = useQuery({
    queryKey: billingKeys.detail(id),
    queryFn: () => fetchBillingDetail(partner?.id ?? ':partnerId', id),
    enabled: notAProject,
    retry: false,
  });
  if (fromState)
    return <BillingDetail log={fromState} assistantName={project.data?.assistantName ?? fromState.assistantName} />;
  if (project.data) return <ProjectBillings projectId={id} title />;
  if (project.isPending || (notAProject && detail.isPending)) return <PageLoader />;
  if (detail.data) return <BillingDetail log={detail.data[0]} assistantName={detail.data[1].assistantName} />;
  return <Alert severity="info">{t.notFound}</Alert>;
};

export const BillingsPage = () => {
  const { id } = useParams();
  if (id) return <BillingIdRoute key={id} id={id} />;
  return (
    <>
      <PageHeader title={billingTexts.title} />
      <BillingLogs />
    </>
  );
};
