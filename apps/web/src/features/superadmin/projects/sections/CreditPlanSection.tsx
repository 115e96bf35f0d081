import { Box, Button, Divider, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import {
  formatDate,
  formatMoney,
  planLabel,
  PRICING_V3_MAX_AGENTS,
  PRICING_V3_TEMPLATE_MESSAGE_PRICE,
  staffRenewalRefusal,
  superadminPlanNames,
  superadminProjectTexts as spec,
  type SuperadminPlanName,
  type SuperadminProject,
} from '@pc/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { renewPlan, setPlan } from '../api';
import { screenTexts } from '../texts';
import { useStaffAction } from '../useStaffAction';
import { Card, FieldRow, Line } from './Card';

const t = screenTexts.creditPlan;

/**
 * Credit and plan (doc 2 section 2.2): the plan and its dates, the project's credits and the
 * partner's central balance; the plan set as a staff correction; Renew plan for monthly v3 plans
 * (its refusal as the disabled button's tooltip); the pricing v3 notes.
 */
export const CreditPlanSection = ({ project }: { project: SuperadminProject }) => {
  const known = (superadminPlanNames as readonly string[]).includes(project.activePlan);
  const [plan, setChosen] = useState<SuperadminPlanName | ''>(known ? (project.activePlan as SuperadminPlanName) : '');
  const update = useStaffAction((p: SuperadminPlanName) => setPlan(project._id, p), {
    fallback: spec.somethingWentWrong,
  });
  const renew = useStaffAction(() => renewPlan(project._id), { fallback: spec.somethingWentWrong });
  const [confirming, setConfirming] = useState(false);
  const refusal = staffRenewalRefusal(project);
  const money = (units: number) => formatMoney(units, project.currency);

  return (
    <Card title={t.title}>
      <Line label={t.plan} testId="staff-plan">
        {planLabel(project.activePlan)} ({project.activePlan})
      </Line>
      <Line label={t.activated}>{formatDate(project.planActivatedOn)}</Line>
      <Line label={t.renewal} testId="staff-plan-renewal">
        {formatDate(project.planRenewalOn)}
      </Line>
      <Line label={t.stopped}>{formatDate(project.planStoppedOn)}</Line>
      <Divider />
      <Line label={t.templateCredit} testId="staff-template-credit">
        {money(project.templateCredit)}
      </Line>
      <Line label={t.partnerCredit}>{money(project.partnerWhatsappCredit)}</Line>
      <Line label={t.adCredit}>{money(project.metaAdsCredit)}</Line>
      <Line label={t.central} testId="staff-central-balance">
        {formatMoney(project.partner.centralBalance, project.partner.currency)}
      </Line>
      <Divider />
      <FieldRow>
        <TextField
          select
          size="small"
          label={t.plan}
          value={plan}
          onChange={(e) => setChosen(e.target.value as SuperadminPlanName)}
          helperText={t.setPlanHelp}
        >
          {superadminPlanNames.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!plan || update.isPending} onClick={() => plan && update.mutate(plan)}>
          {t.setPlan}
        </Button>
      </FieldRow>
      <Box>
        <Tooltip title={refusal ?? ''}>
          <span>
            <Button
              variant="contained"
              disabled={refusal !== null || renew.isPending}
              onClick={() => setConfirming(true)}
            >
              {t.renew}
            </Button>
          </span>
        </Tooltip>
      </Box>
      {/* Each renewal charges one more period: it is confirmed, naming the period and who pays. */}
      <ConfirmDialog
        open={confirming}
        title={t.renew}
        text={t.renewConfirm(formatDate(project.planRenewalOn))}
        confirmLabel={t.renew}
        busy={renew.isPending}
        onConfirm={() => renew.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
      {project.providerType === 'v3' && (
        <Box data-testid="pricing-v3-notes">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t.pricingV3}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.maxAgents(PRICING_V3_MAX_AGENTS)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t.templatePrice(formatMoney(PRICING_V3_TEMPLATE_MESSAGE_PRICE, 'INR'))}
          </Typography>
        </Box>
      )}
    </Card>
  );
};
