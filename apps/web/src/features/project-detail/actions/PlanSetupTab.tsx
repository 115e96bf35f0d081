import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { formatMoney, type ProjectDetail, type SubscriptionPlanName, planLabel, formatDate } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import {
  changeWccPlan,
  fetchPaymentPlans,
  fetchPlanFamilies,
  fetchProjectFamily,
  fetchWccPlans,
  reactivateProject,
  setPaymentPlan,
  stopProjectBilling,
  switchPlan,
  type CreditKind,
} from './api';
import { CreditDialog } from './CreditDialog';
import { actionKeys } from './keys';
import { PlanDialog } from './PlanDialog';
import { Field, Section } from './Section';
import { texts } from './texts';
import { trialEndOf } from './trial';
import type { ActionProps } from './types';
import { useAction } from './useAction';

const isStopped = (p: ProjectDetail) => p.status === 'stopped' || p.planStoppedOn !== null;

const PlanSection = ({ project, canWrite }: { project: ProjectDetail; canWrite: boolean }) => {
  const partnerId = project.partner._id;
  const family = useQuery({
    queryKey: actionKeys.projectFamily(project._id),
    queryFn: () => fetchProjectFamily(project._id),
  });
  const families = useQuery({ queryKey: actionKeys.planFamilies, queryFn: fetchPlanFamilies });
  const [dialog, setDialog] = useState<'switch' | 'reactivate' | 'stop' | null>(null);
  const close = () => setDialog(null);
  type Choice = { familyId: string; plan: SubscriptionPlanName; key: string };
  const switching = useAction(
    (c: Choice) => switchPlan(partnerId, project._id, { newFamilyId: c.familyId, newPlanId: c.plan }, c.key),
    { fallback: texts.billingFailed, onSuccess: close },
  );
  const reactivating = useAction(
    (c: Choice) => reactivateProject(partnerId, project._id, { familyId: c.familyId, defaultPlan: c.plan }, c.key),
    { fallback: texts.billingFailed, onSuccess: close },
  );
  const stopping = useAction(() => stopProjectBilling(partnerId, project._id), {
    fallback: texts.billingFailed,
    onSuccess: close,
  });
  const stopped = isStopped(project);
  const trialEnd = trialEndOf(project);
  const familyList = families.data?.planFamily ?? [];
  const currentFamily = family.data?.family;
  return (
    <Section
      title={texts.plan}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disabled={!canWrite || stopped || familyList.length === 0}
            onClick={() => setDialog('switch')}
          >
            {texts.switchPlan}
          </Button>
          {stopped ? (
            <Button
              variant="outlined"
              color="success"
              disabled={!canWrite || familyList.length === 0}
              onClick={() => setDialog('reactivate')}
            >
              {texts.reactivate}
            </Button>
          ) : (
            <Button variant="outlined" color="error" disabled={!canWrite} onClick={() => setDialog('stop')}>
              {texts.stopBilling}
            </Button>
          )}
        </Stack>
      }
    >
      <Field label={texts.currentPlan}>{planLabel(project.activePlan)}</Field>
      <Field label={texts.planFamily}>{currentFamily?.name ?? '-'}</Field>
      <Field label={texts.status}>{stopped ? 'Stopped' : 'Active'}</Field>
      {stopped ? (
        <Field label={texts.stoppedOn}>{formatDate(project.planStoppedOn)}</Field>
      ) : trialEnd ? (
        // A trial does not renew: its line is the trial's 7-day end (doc 3 section 9).
        <Field label={Date.parse(trialEnd) > Date.now() ? texts.trialEndsOn : texts.trialEndedOn}>
          {formatDate(trialEnd)}
        </Field>
      ) : (
        <Field label={texts.renewsOn}>{formatDate(project.planRenewalOn)}</Field>
      )}
      {dialog === 'switch' && (
        <PlanDialog
          title={texts.switchPlan}
          families={familyList}
          currency={project.currency}
          initial={{ familyId: project.familyId ?? '', plan: project.activePlan }}
          busy={switching.isPending}
          onSubmit={(c) => switching.mutate(c)}
          onClose={close}
        />
      )}
      {dialog === 'reactivate' && (
        <PlanDialog
          title={texts.reactivate}
          families={familyList}
          currency={project.currency}
          initial={{ familyId: project.familyId ?? '', plan: currentFamily?.defaultPlan ?? project.activePlan }}
          busy={reactivating.isPending}
          onSubmit={(c) => reactivating.mutate(c)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog === 'stop'}
        title={texts.stopTitle}
        text={texts.stopText(project.assistantName)}
        confirmLabel={texts.stopBilling}
        busy={stopping.isPending}
        onConfirm={() => stopping.mutate(undefined)}
        onClose={close}
      />
    </Section>
  );
};

/** A selector of one of the partner's catalogues with a button that applies the choice. */
const CatalogueSection = ({
  title,
  current,
  options,
  canWrite,
  busy,
  onApply,
}: {
  title: string;
  current: string | null;
  options: { _id: string; name: string }[];
  canWrite: boolean;
  busy: boolean;
  onApply: (id: string) => void;
}) => {
  const [value, setValue] = useState(current ?? '');
  const known = options.some((o) => o._id === value);
  return (
    <Section title={title}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={title}
          value={known ? value : ''}
          onChange={(e) => setValue(e.target.value)}
          disabled={!canWrite}
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 420 }}
        >
          {options.map((o) => (
            <MenuItem key={o._id} value={o._id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          disabled={!canWrite || !known || value === current}
          loading={busy}
          onClick={() => onApply(value)}
        >
          {texts.change}
        </Button>
      </Box>
    </Section>
  );
};

const CreditsSection = ({ project, canWrite }: { project: ProjectDetail; canWrite: boolean }) => {
  const [open, setOpen] = useState<{ kind: CreditKind; label: string } | null>(null);
  const rows: { kind: CreditKind; label: string; value: number }[] = [
    { kind: 'wcc', label: texts.wccCredit, value: project.templateCredit },
    {
      kind: 'pwc',
      label: project.partner.flags.pwcLabel ? texts.pwcCredit : texts.partnerCredit,
      value: project.partnerWhatsappCredit,
    },
    // Ad credit is not offered in USD, nor before the project is live without the partner's
    // enableMetaAdsWithoutAPI (doc 3 section 6).
    ...(project.currency !== 'USD' && (project.isWhatsappVerified || project.partner.flags.enableMetaAdsWithoutAPI)
      ? [{ kind: 'adCredit' as const, label: texts.adCredit, value: project.metaAdsCredit }]
      : []),
  ];
  return (
    <Section title={texts.credits}>
      <Stack spacing={1}>
        {rows.map((r) => (
          <Box
            key={r.kind}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto auto', sm: '180px 1fr auto' },
              alignItems: 'center',
              gap: 1,
            }}
          >
            <Typography color="text.secondary" sx={{ minWidth: 0 }}>
              {r.label}
            </Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid={`credit-${r.kind}`}>
              {formatMoney(r.value, project.currency)}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              disabled={!canWrite}
              onClick={() => setOpen(r)}
              aria-label={texts.updateCredit(r.label)}
            >
              {texts.update}
            </Button>
          </Box>
        ))}
      </Stack>
      {open && (
        <CreditDialog
          partnerId={project.partner._id}
          projectId={project._id}
          currency={project.currency}
          kind={open.kind}
          label={open.label}
          onClose={() => setOpen(null)}
        />
      )}
    </Section>
  );
};

/** Plan Setup: plan, WCC plan, WhatsApp Payments plan and credits (doc 2 sections 4, 5.3, 7.3; doc 3 section 6). */
export const PlanSetupTab = ({ project, canWrite }: ActionProps) => {
  const wccPlans = useQuery({ queryKey: actionKeys.wccPlans, queryFn: fetchWccPlans });
  const waPay = project.partner.addons.WHATSAPP_PAY?.status === 'ACTIVE';
  const paymentPlans = useQuery({ queryKey: actionKeys.paymentPlans, queryFn: fetchPaymentPlans, enabled: waPay });
  const wcc = useAction((id: string) => changeWccPlan(project._id, id), { fallback: texts.billingFailed });
  const pay = useAction((id: string) => setPaymentPlan(project._id, id), { fallback: texts.billingFailed });
  if (project.partner.type === 'DIRECT') return null;
  return (
    <Stack spacing={2}>
      <PlanSection project={project} canWrite={canWrite} />
      <CatalogueSection
        key={`wcc-${project.wccPlanId}`}
        title={texts.wccPlan}
        current={project.wccPlanId}
        options={wccPlans.data?.wccPlan ?? []}
        canWrite={canWrite}
        busy={wcc.isPending}
        onApply={(id) => wcc.mutate(id)}
      />
      {waPay && (
        <CatalogueSection
          key={`pay-${project.paymentPlanId}`}
          title={texts.waPayPlan}
          current={project.paymentPlanId}
          options={paymentPlans.data?.whatsappPaymentsPlans ?? []}
          canWrite={canWrite}
          busy={pay.isPending}
          onApply={(id) => pay.mutate(id)}
        />
      )}
      <CreditsSection project={project} canWrite={canWrite} />
    </Stack>
  );
};
