import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Chip,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  addonLabel,
  addonPlanTexts,
  effectiveAddonPlans,
  flowBuilderTiers,
  formatMoney,
  FLOW_BUILDER,
  hasPermission,
  monthlyEquivalent,
  priceAt,
  type Addon,
  type AddonPlans,
  type Currency,
} from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session';
import { CatalogueGate } from '../plan-details/CatalogueGate';
import { PageHeader } from '../../ui/PageHeader';
import { AddonPlanDialog } from './AddonPlanDialog';
import { fetchProviderAddonPlans } from './api';
import { addonPageTexts as t } from './texts';

type Priced = { name: string; offered: Addon; provider: AddonPlans };

/** Monthly, and Yearly as its monthly equivalent (doc 3 section 5), of one tier in the partner's currency. */
const PlanRow = ({
  label,
  plans,
  tier,
  currency,
}: {
  label: string;
  plans: AddonPlans;
  tier: (typeof flowBuilderTiers)[number] | null;
  currency: Currency;
}) => {
  const monthly = priceAt(plans, { tier, period: 'Monthly' })![currency];
  const yearly = priceAt(plans, { tier, period: 'Yearly' })![currency];
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(monthly, currency)}
      </TableCell>
      <TableCell align="right">
        <Box sx={{ whiteSpace: 'nowrap' }}>{t.perMonth(formatMoney(monthlyEquivalent(yearly), currency))}</Box>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {t.perYear(formatMoney(yearly, currency))}
        </Typography>
      </TableCell>
    </TableRow>
  );
};

const AddonCard = ({
  addon,
  currency,
  canEdit,
  onOpen,
}: {
  addon: Priced;
  currency: Currency;
  canEdit: boolean;
  onOpen: () => void;
}) => {
  const plans = effectiveAddonPlans(addon.name, addon.offered, addon.provider);
  const tiers = addon.name === FLOW_BUILDER ? flowBuilderTiers : [null];
  const Icon = canEdit ? EditOutlined : VisibilityOutlined;
  const label = addonLabel(addon.name);
  const action = canEdit ? t.edit(label) : t.view(label);
  return (
    <Paper component="article" aria-label={label} variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {label}
        </Typography>
        <Chip
          size="small"
          color={addon.offered.status === 'ACTIVE' ? 'success' : 'default'}
          label={addon.offered.status === 'ACTIVE' ? t.offered : t.notOffered}
        />
        <Tooltip title={action}>
          <IconButton aria-label={action} onClick={onOpen}>
            <Icon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`${label} prices`} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>{t.plan}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {t.monthly}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {t.yearly}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tiers.map((tier) => (
              <PlanRow
                key={tier ?? 'standard'}
                label={tier ? t.tier(tier) : t.standard}
                plans={plans}
                tier={tier}
                currency={currency}
              />
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
};

/**
 * /manage/manage-addons (doc 3 section 2, "Add-on plan list"; its entry shows only with the Zoho
 * integration): each add-on the partner offers and the provider sells, with the partner's Monthly
 * and Yearly prices (the flow builder per tier), edited over the provider's prices.
 */
export const AddonPlansPage = () => {
  const { partner, viewer } = useSession();
  const provider = useQuery({ queryKey: ['provider-catalogue', 'addons'], queryFn: fetchProviderAddonPlans });
  const [open, setOpen] = useState<string | null>(null);
  const canEdit = hasPermission(viewer, 'manage.write');
  const currency = partner?.currency ?? 'INR';
  const priced: Priced[] = Object.entries(partner?.addons ?? {}).flatMap(([name, offered]) => {
    const plans = provider.data?.[name];
    return plans ? [{ name, offered, provider: plans }] : [];
  });
  const opened = priced.find((a) => a.name === open);

  return (
    <>
      <PageHeader title={addonPlanTexts.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.help}
      </Typography>
      <CatalogueGate query={provider} fallback={t.loadFailed}>
        {priced.length === 0 ? (
          <Typography color="text.secondary">{t.empty}</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {priced.map((addon) => (
              <AddonCard
                key={addon.name}
                addon={addon}
                currency={currency}
                canEdit={canEdit}
                onOpen={() => setOpen(addon.name)}
              />
            ))}
          </Box>
        )}
      </CatalogueGate>
      {opened && (
        <AddonPlanDialog
          name={opened.name}
          offered={opened.offered}
          provider={opened.provider}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
};
