import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { DEFAULT_FLOW_COUNT, flowTiers, formatMoney, type AddonRequest, type ProjectDetail } from '@pc/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { activateAddon, modifyAddon, removeAddon } from './api';
import { FlowCountStepper } from './FlowCountStepper';
import { Section } from './Section';
import { texts } from './texts';
import type { ActionProps } from './types';
import { useAction } from './useAction';
import { useIdempotencyKey } from './useIdempotencyKey';

const FLOW_BUILDER = 'FLOW_BUILDER';
/** WhatsApp Payments is the partner's own add-on (its plan is chosen on Plan Setup), not one a project buys. */
const PARTNER_ONLY = new Set(['WHATSAPP_PAY']);

type Offered = { name: string; price: number; state: ProjectDetail['addons'][string] | undefined };
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
  const units = isFlows ? flowTiers(count) - (mode === 'modify' ? flowTiers(current) : 0) : mode === 'activate' ? 1 : 0;
  const submit = () => {
    const body: AddonRequest = { addon: addon.name, ...(isFlows ? { flowCount: count } : {}) };
    onSubmit({ body, key: keyFor(body) });
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {mode === 'activate' ? texts.activateTitle(addon.name) : texts.modifyTitle(addon.name)}
      </DialogTitle>
      <DialogContent>
        {isFlows && <FlowCountStepper value={count} min={min} onChange={setCount} />}
        {mode === 'modify' && isFlows && (
          <Typography variant="body2" color="text.secondary">
            {texts.decreaseHint}
          </Typography>
        )}
        <Typography sx={{ mt: 2 }}>{texts.cost(formatMoney(addon.price * units, currency))}</Typography>
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
    .map(([name, a]) => ({ name, price: a.price[project.currency] ?? 0, state: project.addons[name] }));
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
              aria-label={a.name}
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
                <Typography sx={{ fontWeight: 700 }}>{a.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatMoney(a.price, project.currency)} {texts.perMonth}
                  {a.name === FLOW_BUILDER && a.state?.flowCount ? ` · ${texts.flowCount}: ${a.state.flowCount}` : ''}
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
        title={open ? texts.removeTitle(open.addon.name) : ''}
        text={open ? texts.removeText(open.addon.name) : ''}
        confirmLabel={texts.remove}
        busy={remove.isPending}
        onConfirm={() => open && remove.mutate(open.addon.name)}
        onClose={close}
      />
    </Section>
  );
};
