import FilterListIcon from '@mui/icons-material/FilterList';
import { Alert, Box, Button, LinearProgress } from '@mui/material';
import {
  businessBillingReportName,
  businessConversationReportName,
  projectBillingReportName,
  projectConversationReportName,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadFile } from '../../api/download';
import { useSession } from '../../app/session/session';
import { ReportDialog } from '../../ui/ReportDialog';
import { BusinessFilterDialog, defaultFilter, type BusinessFilter } from '../businesses/BusinessFilterDialog';
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
  const [filter, setFilter] = useState<BusinessFilter>(defaultFilter);
  const [page, setPage] = useState(0);
  const [filterOpen, setFilterOpen] = useState(false);
  const [report, setReport] = useState<'billing' | 'conversation' | null>(null);
  const query = useQuery({
    queryKey: billingKeys.page(projectId, filter, page),
    queryFn: () =>
      fetchBillingPage(
        {
          skip: page * BILLING_PAGE_SIZE,
          rowsPerPage: BILLING_PAGE_SIZE,
          assistantId: projectId ?? null,
          fromDate: filter.range.from || null,
          toDate: filter.range.to || null,
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
      {query.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {query.isError && !query.data ? (
        <Alert severity="info">{t.noRows}</Alert>
      ) : (
        <BillingTable
          rows={query.data?.partnerBillingLogs ?? []}
          total={query.data?.moreThan ? -1 : (query.data?.totalprojects ?? 0)}
          page={page}
          onPage={setPage}
          loading={query.isPending}
          currency={partner?.currency}
        />
      )}
      <BusinessFilterDialog
        open={filterOpen}
        value={filter}
        onClose={() => setFilterOpen(false)}
        onApply={(next) => {
          setFilter(next);
          setPage(0);
        }}
      />
      <ReportDialog
        open={report === 'billing'}
        title={t.downloadBillingReport}
        withReasonCodes
        onClose={() => setReport(null)}
        onDownload={(range) =>
          downloadFile(
            billingReportPath,
            range,
            projectId
              ? projectBillingReportName(range.startDate, range.endDate)
              : businessBillingReportName(range.startDate, range.endDate),
          )
        }
      />
      <ReportDialog
        open={report === 'conversation'}
        title={t.downloadConversationReport}
        withReasonCodes={false}
        onClose={() => setReport(null)}
        onDownload={(range) =>
          downloadFile(
            conversationReportPath,
            range,
            projectId
              ? projectConversationReportName(range.startDate, range.endDate)
              : businessConversationReportName(range.startDate, range.endDate),
          )
        }
      />
    </>
  );
};
