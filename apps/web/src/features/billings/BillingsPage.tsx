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
 * /billings/{id}: a billing log opened from the list arrives with its entry in the navigation state;
 * opened directly it is loaded, and an id that is no billing log is taken for a project id.
 */
const BillingIdRoute = ({ id }: { id: string }) => {
  const { partner } = useSession();
  const state = useLocation().state as { log?: BillingLog } | null;
  const fromState = state?.log?._id === id ? state.log : undefined;
  const detail = useQuery({
    queryKey: billingKeys.detail(id),
    queryFn: () => fetchBillingDetail(partner?.id ?? ':partnerId', id),
    enabled: !fromState,
    retry: false,
  });
  const projectName = useQuery({
    queryKey: billingKeys.projectName(fromState?.assistantId ?? ''),
    queryFn: () => fetchProjectName(fromState!.assistantId!),
    enabled: Boolean(fromState?.assistantId),
    retry: false,
  });
  if (fromState)
    return <BillingDetail log={fromState} assistantName={projectName.data?.assistantName ?? fromState.assistantName} />;
  if (detail.isPending) return <PageLoader />;
  if (detail.data) return <BillingDetail log={detail.data[0]} assistantName={detail.data[1].assistantName} />;
  if (isApiError(detail.error) && detail.error.status === 404) return <ProjectBillings projectId={id} title />;
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
