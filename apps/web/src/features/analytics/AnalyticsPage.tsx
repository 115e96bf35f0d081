import { useSession } from '../../session/session';
import { AccessDenied } from '../../ui/AccessDenied';
import { PageHeader } from '../../ui/PageHeader';
import { AnalyticsView } from './AnalyticsView';
import { analyticsTexts } from './texts';

/** The partner-wide Analytics page (/analytics, reached from the Dashboard); referral users have no usage figures. */
export const AnalyticsPage = () => {
  const { partner, viewer } = useSession();
  if (!partner || viewer?.isReferral) return <AccessDenied />;
  return (
    <>
      <PageHeader title={analyticsTexts.title} />
      <AnalyticsView currency={partner.currency} />
    </>
  );
};
