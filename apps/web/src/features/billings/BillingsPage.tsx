import { Alert } from '@mui/material';
import { billingTexts, type BillingLog } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
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
 * /billings/{id}: the spec gives a project's billings and a billing log the same address. A log's
 * link says `?entry` (and, opened from the list, carries the entry in the navigation state, kept
 * through a reload): it is asked for as a log. Without the mark the id is a project's first, and a
 * log's only when no project has it. Neither page asks for its id as the other's (a 404 each visit).
 */
const BillingIdRoute = ({ id, entry }: { id: string; entry: boolean }) => {
  const { partner } = useSession();
  const state = useLocation().state as { log?: BillingLog } | null;
  const fromState = state?.log?._id === id ? state.log : undefined;
  const projectId = fromState ? fromState.assistantId : entry ? undefined : id;
  const project = useQuery({
    queryKey: billingKeys.projectName(projectId ?? ''),
    queryFn: () => fetchProjectName(projectId!),
    enabled: Boolean(projectId),
    retry: false,
  });
  const notAProject = !fromState && (entry || (isApiError(project.error) && project.error.status === 404));
  const detail = useQuery({
    queryKey: billingKeys.detail(id),
    queryFn: () => fetchBillingDetail(partner?.id ?? ':partnerId', id),
    enabled: notAProject,
    retry: false,
  });
  if (fromState)
    return <BillingDetail log={fromState} assistantName={project.data?.assistantName ?? fromState.assistantName} />;
  if (!entry && project.data) return <ProjectBillings projectId={id} title />;
  if ((!entry && project.isPending) || (notAProject && detail.isPending)) return <PageLoader />;
  if (detail.data) return <BillingDetail log={detail.data[0]} assistantName={detail.data[1].assistantName} />;
  return <Alert severity="info">{t.notFound}</Alert>;
};

export const BillingsPage = () => {
  const { id } = useParams();
  const [search] = useSearchParams();
  if (id) return <BillingIdRoute key={id} id={id} entry={search.has('entry')} />;
  return (
    <>
      <PageHeader title={billingTexts.title} />
      <BillingLogs />
    </>
  );
};
