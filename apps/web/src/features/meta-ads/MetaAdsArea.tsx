import { hasPermission } from '@pc/contract';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../session/session';
import { AdAccountsTab } from './AdAccountsTab';
import { AdsTab } from './AdsTab';
import { MetaAdsLayout, type AreaTab } from './MetaAdsLayout';
import { TransactionsTab } from './TransactionsTab';

/**
 * /meta-ads/{tab} (doc 3 section 2): /meta-ads, an unknown tab, and Transactions for a partner
 * without the transactions flag go to /meta-ads/project. Transactions are billing logs: a role
 * without Billings View does not get the tab (the server refuses its list). The tabs are picked
 * here rather than as child routes in the router: those would add to the first load of every page.
 */
export const MetaAdsArea = () => {
  const { partner, viewer } = useSession();
  const { tab } = useParams();
  const transactions = Boolean(partner?.flags.transactionsTab) && hasPermission(viewer, 'billings.read');
  const tabs: AreaTab[] = transactions ? ['project', 'ads', 'transactions'] : ['project', 'ads'];
  const current = tabs.find((t) => t === tab);
  if (!current) return <Navigate to="/meta-ads/project" replace />;
  return (
    <MetaAdsLayout tabs={tabs} current={current}>
      {current === 'project' && <AdAccountsTab key={current} />}
      {current === 'ads' && <AdsTab key={current} />}
      {current === 'transactions' && <TransactionsTab key={current} />}
    </MetaAdsLayout>
  );
};
