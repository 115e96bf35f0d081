import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { formatMoney, type Currency, type PlanFamily, type SubscriptionPlanName, planLabel } from '@pc/contract';
import { useId, useState } from 'react';
import { FamilySelect } from '../../../ui/FamilySelect';
import { texts } from './texts';
import { useIdempotencyKey } from './useIdempotencyKey';

type Props = {
  title: string;
  families: PlanFamily[];
  currency: Currency;
  initial: { familyId: string; plan: string };
  busy: boolean;
  /** `key`: the choice's Idempotency-Key, the same for a resubmit of the same choice (a plan change moves money). */
  onSubmit: (choice: { familyId: string; plan: SubscriptionPlanName; key: string }) => void;
  onClose: () => void;
};

/** Pick a plan family and one of its plans, seeing the partner's price of it. */
export const PlanDialog = ({ title, families, currency, initial, busy, onSubmit, onClose }: Props) => {
  const titleId = useId();
  const keyFor = useIdempotencyKey();
  const [familyId, setFamilyId] = useState(
    families.some((f) => f._id === initial.familyId) ? initial.familyId : (families[0]?._id ?? ''),
  );
  const family = families.find((f) => f._id === familyId);
  const plans = Object.keys(family?.plans ?? {}) as SubscriptionPlanName[];
  const [plan, setPlan] = useState(initial.plan);
  const chosen = plans.includes(plan as SubscriptionPlanName) ? (plan as SubscriptionPlanName) : '';
  const price = chosen && family ? family.plans[chosen]?.[currency] : undefined;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <FamilySelect
          fullWidth
          margin="dense"
          label={texts.planFamily}
          families={families}
          value={familyId}
          onChange={setFamilyId}
        />
        <TextField
          select
          fullWidth
          margin="dense"
          label={texts.planName}
          value={chosen}
          onChange={(e) => setPlan(e.target.value)}
        >
          {plans.map((p) => (
            <MenuItem key={p} value={p}>
              {planLabel(p)} · {formatMoney(family?.plans[p]?.[currency] ?? 0, currency)}
            </MenuItem>
          ))}
        </TextField>
        {price !== undefined && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {texts.switchHint(formatMoney(price, currency))}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={!chosen || !familyId}
          loading={busy}
          onClick={() => chosen && onSubmit({ familyId, plan: chosen, key: keyFor({ familyId, plan: chosen }) })}
        >
          {texts.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
