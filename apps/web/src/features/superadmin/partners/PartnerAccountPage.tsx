import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { messages, PartnerAccountUrl } from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorText } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { PageLoader } from '../../../ui/PageLoader';
import { TitledSection } from '../../../ui/TitledSection';
import { useBack } from '../../../ui/useBack';
import { useUrlState } from '../../../ui/useUrlState';
import { fetchAuditLog } from '../audit/api';
import { AuditTable } from '../audit/AuditTable';
import { AUDIT_PAGE_SIZE } from '../audit/texts';
import { adminKeys } from '../keys';
import { useAdminNotify } from '../useAdminNotify';
import { AccountSummary } from './AccountSummary';
import { fetchPartnerAccount } from './api';
import { CorrectionDialog } from './CorrectionDialog';
import { EditPartnerDialog } from './EditPartnerDialog';
import { FlagsSection } from './FlagsSection';
import { PartnerBilling } from './PartnerBilling';
import { RechargeDialog } from './RechargeDialog';
import { accountTexts as t, moneyTexts } from './texts';
import { useRefund } from './useAccountMutations';

type Open = 'recharge' | 'correction' | 'refund' | 'edit' | null;

/**
 * A partner's account (/partner-accounts/{id}): its balances and details, the money actions
 * (Record recharge, Correction, Refund partnership fee) and Edit, its feature flags, its recent
 * billing rows and its audit rows (both pages in the URL).
 */
export const PartnerAccountPage = () => {
  const { id = '' } = useParams();
  const back = useBack('/superadmin');
  const notify = useAdminNotify();
  const [url, setUrl] = useUrlState(PartnerAccountUrl);
  const [open, setOpen] = useState<Open>(null);
  const refund = useRefund(id);
  const account = useQuery({ queryKey: adminKeys.partner(id), queryFn: () => fetchPartnerAccount(id) });
  const auditRequest = {
    partnerId: id,
    skip: (url.auditPage - 1) * AUDIT_PAGE_SIZE,
    rowsPerPage: AUDIT_PAGE_SIZE,
  };
  const audit = useQuery({
    queryKey: adminKeys.auditPage(auditRequest),
    queryFn: () => fetchAuditLog(auditRequest),
    placeholderData: keepPreviousData,
  });
  const close = () => setOpen(null);

  const confirmRefund = async () => {
    try {
      notify.success((await refund.mutateAsync()).message);
      close();
    } catch (error) {
      notify.error(errorText(error, moneyTexts.refundFailed));
    }
  };

  const partner = account.data;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Tooltip title={t.back}>
          <IconButton aria-label={t.back} onClick={back}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: '1 1 200px', overflowWrap: 'anywhere' }}>
          {partner?.name ?? ''}
        </Typography>
        {partner && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => setOpen('recharge')}>
              {t.recharge}
            </Button>
            <Button variant="outlined" onClick={() => setOpen('correction')}>
              {t.correction}
            </Button>
            <Button variant="outlined" onClick={() => setOpen('refund')}>
              {t.refund}
            </Button>
            <Button variant="outlined" onClick={() => setOpen('edit')}>
              {t.edit}
            </Button>
          </Box>
        )}
      </Box>
      {account.isPending && <PageLoader />}
      {account.isError && (
        <ErrorState
          error={account.error}
          fallback={messages.connectionFailure}
          onRetry={() => void account.refetch()}
        />
      )}
      {partner && (
        <Box sx={{ display: 'grid', gap: 4 }}>
          <AccountSummary partner={partner} />
          <FlagsSection partner={partner} />
          <PartnerBilling
            partnerId={id}
            currency={partner.currency}
            page={url.billingPage - 1}
            onPage={(p) => setUrl({ billingPage: p + 1 })}
          />
          <TitledSection title={t.audit}>
            <AuditTable
              rows={audit.data?.entries}
              total={audit.data?.total ?? 0}
              page={url.auditPage - 1}
              onPage={(p) => setUrl({ auditPage: p + 1 })}
              query={audit}
              withPartner={false}
            />
          </TitledSection>
          {open === 'recharge' && <RechargeDialog partner={partner} onClose={close} />}
          {open === 'correction' && <CorrectionDialog partner={partner} onClose={close} />}
          {open === 'edit' && <EditPartnerDialog partner={partner} onClose={close} />}
          <ConfirmDialog
            open={open === 'refund'}
            title={t.refundTitle}
            text={t.refundText}
            confirmLabel={t.refundConfirm}
            busy={refund.isPending}
            onConfirm={() => void confirmRefund()}
            onClose={close}
          />
        </Box>
      )}
    </>
  );
};
