import { Typography } from '@mui/material';
import { billingTexts } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { billingKeys, fetchProjectName } from './api';
import { BillingLogs } from './BillingLogs';

/** One project's billings; "Waba is not live yet!" while the project has no live account. */
export const ProjectBillings = ({ projectId, title }: { projectId: string; title?: boolean }) => {
  const name = useQuery({ queryKey: billingKeys.projectName(projectId), queryFn: () => fetchProjectName(projectId) });
  if (name.isPending) return <PageLoader />;
  return (
    <>
      {title && (
        <PageHeader title={name.data ? `${billingTexts.title} : ${name.data.assistantName}` : billingTexts.title} />
      )}
      {name.data && !name.data.wabaLive ? (
        <Typography sx={{ py: 4, textAlign: 'center', fontWeight: 600 }} color="text.secondary">
          {billingTexts.wabaNotLive}
        </Typography>
      ) : (
        <BillingLogs projectId={projectId} />
      )}
    </>
  );
};
