import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  addonLabel,
  addonCharge,
  addonPeriods,
  DEFAULT_FLOW_COUNT,
  FLOW_BUILDER,
  flowTiers,
  formatMoney,
  type AddonPeriod,
  type AddonPlans,
  type AddonRequest,
  type ProjectDetail,
} from '@pc/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { activateAddon, modifyAddon, removeAddon } from './api';
import { FlowCountStepper } from './FlowCountStepper';
import { Section } from './Section';
import { texts } from './texts';
import type { ActionProps } from './types';
import { useAction } from './useAction';
import { useIdempotencyKey } from './useIdempotencyKey';

/** WhatsApp Payments is the partner's own add-on (its plan is chosen on Plan Setup), not one a project buys. */
const PARTNER_ONLY = new Set(['WHATSAPP_PAY']);

type Offered = {
  name: string;
  /** The partner's monthly price (shown beside the add-on). */
  price: number;
  /** The partner's add-on plans; without them only the Monthly price is known. */
  plans: AddonPlans | undefined;
  state: ProjectDetail['addons'][string] | undefined;
};

/** The plan a project holds an add-on on (Monthly unless it bought Yearly). */
const periodOf = (state: Offered['state']): AddonPeriod =>
  (state?.partnerPlans as { plan?: unknown } | undefined)?.plan === 'Yearly' ? 'Yearly' : 'Monthly';

/** What the partner charges for the add-on on a plan with a flow count (Tier1, plus Tier2 per further 10 flows). */
const chargeOf = (addon: Offered, period: AddonPeriod, flowCount: number, currency: ProjectDetail['currency']) =>
  addon.plans
    ? addonCharge(addon.name, addon.plans, period, currency, flowCount)
    : addon.price * (addon.name === FLOW_BUILDER ? flowTiers(flowCount) : 1);
type Open = { mode: 'activate' | 'modify' | 'remove'; addon: Offered } | null;

type Submit = { body: AddonRequest; key: string };

const StepperDialog = ({
  addon,
  mode,
  currency,
  busy,
  onSubmit,
  onClose,
}: {
  addon: Offered;
  mode: 'activate' | 'modify';
  currency: ProjectDetail['currency'];
  busy: boolean;
  onSubmit: (submit: Submit) => void;
  onClose: () => void;
}) => {
  const titleId = useId();
  // Activating or modifying moves money: one key per choice of this opening of the dialog.
  const keyFor = useIdempotencyKey();
  const isFlows = addon.name === FLOW_BUILDER;
  const current = addon.state?.flowCount ?? DEFAULT_FLOW_COUNT;
  const min = mode === 'modify' ? current : DEFAULT_FLOW_COUNT;
  const [count, setCount] = useState(mode === 'modify' ? current : DEFAULT_FLOW_COUNT);
  // A modify keeps the plan the project bought; an activation chooses one (the quarterly plan is hidden).
  const [period, setPeriod] = useState<AddonPeriod>(mode === 'modify' ? periodOf(addon.state) : 'Monthly');
  const cost =
    mode === 'modify'
      ? chargeOf(addon, period, count, currency) - chargeOf(addon, period, current, currency)
      : chargeOf(addon, period, count, currency);
  const submit = () => {
    const body: AddonRequest = {
      addon: addon.name,
      ...(isFlows ? { flowCount: count } : {}),
      ...(mode === 'activate' ? { partnerPlans: { plan: period } } : {}),
    };
    onSubmit({ body, key: keyFor(body) });
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {mode === 'activate' ? texts.activateTitle(addonLabel(addon.name)) : texts.modifyTitle(addonLabel(addon.name))}
      </DialogTitle>
      <DialogContent>
        {mode === 'activate' && addon.plans && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={period}
            onChange={(_, value: AddonPeriod | null) => value && setPeriod(value)}
            aria-label={texts.addonPlan}
            sx={{ mb: 2 }}
          >
            {addonPeriods.map((p) => (
              <ToggleButton key={p} value={p}>
                {p}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {isFlows && <FlowCountStepper value={count} min={min} onChange={setCount} />}
        {mode === 'modify' && isFlows && (
          <Typography variant="body2" color="text.secondary">
            {texts.decreaseHint}
          </Typography>
        )}
        <Typography sx={{ mt: 2 }}>{texts.cost(formatMoney(cost, currency))}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button variant="contained" loading={busy} disabled={mode === 'modify' && count === current} onClick={submit}>
          {mode === 'activate' ? texts.activate : texts.modify}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Addons Management: activate (active), modify (flow count, never lower), remove (paused) (doc 3 sections 4, 5, 8). */
export const AddonsManagementTab = ({ project, canWrite }: ActionProps) => {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const partnerId = project.partner._id;
  const offered: Offered[] = Object.entries(project.partner.addons)
    .filter(([name, a]) => a.status === 'ACTIVE' && !PARTNER_ONLY.has(name))
    .map(([name, a]) => ({
      name,
      price: a.price[project.currency] ?? 0,
      plans: a.partnerPlans,
      state: project.addons[name],
    }));
  const activate = useAction((s: Submit) => activateAddon(partnerId, project._id, s.body, s.key), {
    fallback: texts.somethingWrong,
    failure: (m) => texts.addonFailed('active', m),
    onSuccess: close,
  });
  const modify = useAction((s: Submit) => modifyAddon(partnerId, project._id, s.body, s.key), {
    fallback: texts.somethingWrong,
    failure: (m) => texts.addonFailed('update', m),
    onSuccess: close,
  });
  const remove = useAction((name: string) => removeAddon(partnerId, project._id, name), {
    fallback: texts.somethingWrong,
    failure: (m) => texts.addonFailed('disable', m),
    onSuccess: close,
  });

  return (
    <Section title={texts.addons}>
      {offered.length === 0 && <Typography color="text.secondary">{texts.noAddons}</Typography>}
      <Stack spacing={1.5}>
        {offered.map((a) => {
          const active = a.state?.status === 'ACTIVE';
          return (
            <Box
              key={a.name}
              component="article"
              aria-label={addonLabel(a.name)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flexWrap: 'wrap',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{addonLabel(a.name)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatMoney(a.price, project.currency)} {texts.perMonth}
                  {a.name === FLOW_BUILDER && a.state?.flowCount ? ` · ${texts.flowCount}: ${a.state.flowCount}` : ''}
                  {a.state?.status === 'ACTIVE' && periodOf(a.state) === 'Yearly' ? ` · ${texts.yearlyPlan}` : ''}
                </Typography>
              </Box>
              <Chip
                size="small"
                color={active ? 'success' : 'default'}
                label={active ? texts.active : a.state ? texts.paused : texts.notActive}
              />
              {active ? (
                <>
                  {a.name === FLOW_BUILDER && (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={!canWrite}
                      onClick={() => setOpen({ mode: 'modify', addon: a })}
                    >
                      {texts.modify}
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="error"
                    variant="outlined"
                    disabled={!canWrite}
                    onClick={() => setOpen({ mode: 'remove', addon: a })}
                  >
                    {texts.remove}
                  </Button>
                </>
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  disabled={!canWrite}
                  onClick={() => setOpen({ mode: 'activate', addon: a })}
                >
                  {texts.activate}
                </Button>
              )}
            </Box>
          );
        })}
      </Stack>
      {open && open.mode !== 'remove' && (
        <StepperDialog
          addon={open.addon}
          mode={open.mode}
          currency={project.currency}
          busy={activate.isPending || modify.isPending}
          onSubmit={(s) => (open.mode === 'activate' ? activate : modify).mutate(s)}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open?.mode === 'remove'}
        title={open ? texts.removeTitle(addonLabel(open.addon.name)) : ''}
        text={open ? texts.removeText(addonLabel(open.addon.name)) : ''}
        confirmLabel={texts.remove}
        busy={remove.isPending}
        onConfirm={() => open && remove.mutate(open.addon.name)}
        onClose={close}
      />
    </Section>
  );
};
