import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button } from '@mui/material';
import {
  BillingListUrl,
  projectMessages,
  businessBillingReportName,
  businessConversationReportName,
  projectBillingReportName,
  projectConversationReportName,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { localDayBounds } from '../../ui/localDay';
import { useUrlState } from '../../ui/useUrlState';
import { downloadFile } from '../../api/download';
import { useSession } from '../../session/session';
import { ReportDialog } from '../../ui/ReportDialog';
import { BusinessFilterDialog, type BusinessFilter } from '../businesses/BusinessFilterDialog';
import { billingKeys, fetchBillingPage } from './api';
import { BillingTable } from './BillingTable';
import { BILLING_PAGE_SIZE, billingsPageTexts as t } from './texts';

/**
 * The billing logs of the partner, or of one project: filter (Created At range, sort), pages of 10
 * and the billing report. A page already held is not requested again (React Query keeps it per
 * filter and page); a filter or sort change starts again from page 0.
 */
export const BillingLogs = ({ projectId }: { projectId?: string }) => {
  const { partner } = useSession();
  const [url, setUrl] = useUrlState(BillingListUrl);
  const page = url.page - 1;
  const filter: BusinessFilter = useMemo(() => ({ range: { from: url.from, to: url.to }, sort: url.sort }), [url]);
  const [filterOpen, setFilterOpen] = useState(false);
  const [report, setReport] = useState<'billing' | 'conversation' | null>(null);
  const bounds = localDayBounds(url.from, url.to);
  const query = useQuery({
    queryKey: billingKeys.page(projectId, filter, page),
    queryFn: () =>
      fetchBillingPage(
        {
          skip: page * BILLING_PAGE_SIZE,
          rowsPerPage: BILLING_PAGE_SIZE,
          assistantId: projectId ?? null,
          fromDate: bounds?.from ?? null,
          toDate: bounds?.to ?? null,
        },
        filter.sort,
      ),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const partnerPath = `/partner/${encodeURIComponent(partner?.id ?? ':partnerId')}`;
  // The partner's reports, or one project's (doc 2 section 7.5).
  const billingReportPath = `${partnerPath}/partner-billing-report${projectId ? `?assistantId=${encodeURIComponent(projectId)}` : ''}`;
  const conversationReportPath = projectId
    ? `${partnerPath}/project/${encodeURIComponent(projectId)}/project-convo-report`
    : `${partnerPath}/partner-convo-report`;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setFilterOpen(true)}>
          {t.filter}
        </Button>
        <Button variant="outlined" onClick={() => setReport('conversation')}>
          {t.conversationReport}
        </Button>
        <Button variant="contained" onClick={() => setReport('billing')}>
          {t.billingReport}
        </Button>
      </Box>
      <BillingTable
        rows={query.data?.partnerBillingLogs}
        total={query.data?.totalprojects ?? 0}
        moreThan={query.data?.moreThan}
        page={page}
        onPage={(p) => setUrl({ page: p + 1 })}
        query={query}
        currency={partner?.currency}
      />
      <BusinessFilterDialog
        open={filterOpen}
        value={filter}
        onClose={() => setFilterOpen(false)}
        onApply={(next) => setUrl({ from: next.range.from, to: next.range.to, sort: next.sort, page: 1 })}
      />
      <ReportDialog
        open={report === 'billing'}
        title={t.downloadBillingReport}
        withReasonCodes
        openEnded={Boolean(projectId)}
        successText={projectId ? projectMessages.reportDownloaded : undefined}
        onClose={() => setReport(null)}
        onDownload={(range, days) =>
          downloadFile(
            billingReportPath,
            range,
            projectId
              ? projectBillingReportName(days.from || undefined, days.to || undefined)
              : businessBillingReportName(days.from, days.to),
          )
        }
      />
      <ReportDialog
        open={report === 'conversation'}
        title={t.downloadConversationReport}
        withReasonCodes={false}
        openEnded={Boolean(projectId)}
        successText={projectId ? projectMessages.reportDownloaded : undefined}
        onClose={() => setReport(null)}
        onDownload={(range, days) =>
          downloadFile(
            conversationReportPath,
            range,
            projectId
              ? projectConversationReportName(days.from || undefined, days.to || undefined)
              : businessConversationReportName(days.from, days.to),
          )
        }
      />
    </>
  );
};
