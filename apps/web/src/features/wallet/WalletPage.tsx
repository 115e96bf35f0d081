import { Box, Button, Chip, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import {
  formatDate,
  formatMoney,
  messages,
  WALLET_PAGE_SIZE,
  WalletUrl,
  walletTexts as t,
  type CentralWallet,
  type Currency,
  type ProjectWallet,
  type WalletThreshold,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Permitted } from '../../access/Permitted';
import { DataTable, type Column } from '../../ui/DataTable';
import { Figure } from '../../ui/Figure';
import { PageHeader } from '../../ui/PageHeader';
import { useUrlState } from '../../ui/useUrlState';
import { fetchWallet, walletKeys } from './api';
import { ThresholdDialog } from './ThresholdDialog';

const days = (d: number | null) => (d === null ? t.never : `${d} days`);
/** A banner's date: "Now" when the balance is already below its level (the server answers the present instant). */
const when = (iso: string | null) => (iso === null ? t.never : Date.parse(iso) <= Date.now() ? t.now : formatDate(iso));

/** A warning level as a chip: red while the balance is below it. */
const LevelChip = ({ level, currency }: { level: WalletThreshold | null; currency: Currency }) =>
  level ? (
    <Chip
      size="small"
      color={level.crossedAt ? 'error' : 'default'}
      label={level.kind === 'AMOUNT' ? `< ${formatMoney(level.value, currency)}` : `< ${level.value} days`}
      title={level.crossedAt ? t.crossed : undefined}
    />
  ) : (
    <Typography variant="body2" color="text.secondary" component="span">
      {t.noWarning}
    </Typography>
  );

type Editing = { projectId: string | null; name: string; current: WalletThreshold | null };

const CentralCard = ({ c, currency, onEdit }: { c: CentralWallet; currency: Currency; onEdit: () => void }) => {
  const money = (n: number) => formatMoney(n, currency);
  return (
    <Paper sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }} data-testid="wallet-central">
      <Typography variant="h6" component="h2">
        {t.central}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        <Figure label={t.balance} value={money(c.balance)} testId="wallet-balance" framed={false} />
        <Figure label={t.burn7} value={money(c.burn7)} note={t.perDay} testId="wallet-burn7" framed={false} />
        <Figure label={t.burn30} value={money(c.burn30)} note={t.perDay} testId="wallet-burn30" framed={false} />
        <Figure
          label={t.daysToZero}
          value={days(c.daysToZero)}
          note={c.zeroOn ? `${t.runsOutOn} ${formatDate(c.zeroOn)}` : undefined}
          testId="wallet-days"
          framed={false}
        />
        <Figure
          label={t.suspensionOn}
          value={c.minAllowedBalance > 0 ? when(c.suspensionOn) : t.noMinimum}
          note={c.minAllowedBalance > 0 ? `below ${money(c.minAllowedBalance)}` : undefined}
          testId="wallet-suspension"
          framed={false}
        />
        <Figure label={t.lowBalanceOn} value={when(c.lowBalanceOn)} testId="wallet-low-balance" framed={false} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="body2">{t.warnAt}</Typography>
        <LevelChip level={c.threshold} currency={currency} />
        <Permitted permission="manage.write">
          <Button size="small" onClick={onEdit}>
            {c.threshold ? t.editWarning : t.setWarning}
          </Button>
        </Permitted>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t.explainRates}
      </Typography>
    </Paper>
  );
};

/**
 * /wallet (ours; the spec has no such screen): the central balance's burn, when it runs out and when
 * its banners will appear, the project credits soonest to run out first, and the partner's warning
 * levels, so a partner tops a balance up before it runs out.
 */
export const WalletPage = () => {
  const [url, setUrl] = useUrlState(WalletUrl);
  const page = url.page - 1;
  const crossed = url.crossed === 'true';
  const query = useQuery({
    queryKey: walletKeys.page(page, crossed),
    queryFn: () => fetchWallet(page, crossed),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const data = query.data;
  const currency = data?.currency ?? 'INR';
  const money = (n: number) => formatMoney(n, currency);
  const columns: Column<ProjectWallet>[] = [
    {
      key: 'project',
      label: 'Project',
      cell: (r) => (
        <>
          {r.projectName}
          <Typography variant="caption" color="text.secondary" component="div">
            {r.businessName}
          </Typography>
        </>
      ),
    },
    { key: 'balance', label: t.balance, align: 'right', nowrap: true, cell: (r) => money(r.balance) },
    { key: 'burn7', label: t.burn7, align: 'right', nowrap: true, cell: (r) => money(r.burn7) },
    { key: 'burn30', label: t.burn30, align: 'right', nowrap: true, cell: (r) => money(r.burn30) },
    { key: 'days', label: t.daysToZero, align: 'right', nowrap: true, cell: (r) => days(r.daysToZero) },
    {
      key: 'zeroOn',
      label: t.runsOutOn,
      nowrap: true,
      cell: (r) => (r.balance <= 0 ? t.ranOut : r.zeroOn ? formatDate(r.zeroOn) : '-'),
    },
    {
      key: 'warning',
      label: t.warnAt,
      nowrap: true,
      action: true,
      cell: (r) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LevelChip level={r.threshold} currency={currency} />
          <Permitted permission="manage.write">
            <Button
              size="small"
              aria-label={`${r.threshold ? t.editWarning : t.setWarning}: ${r.projectName}`}
              onClick={() => setEditing({ projectId: r.projectId, name: r.projectName, current: r.threshold })}
            >
              {r.threshold ? 'Edit' : 'Set'}
            </Button>
          </Permitted>
        </Box>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t.title} />
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {data && (
          <CentralCard
            c={data.central}
            currency={currency}
            onEdit={() => setEditing({ projectId: null, name: t.central, current: data.central.threshold })}
          />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t.credits}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={crossed}
                onChange={(e) => setUrl({ crossed: e.target.checked ? 'true' : 'false', page: 1 })}
              />
            }
            label={t.crossed}
          />
        </Box>
        <DataTable
          label={t.credits}
          columns={columns}
          rows={data?.projects}
          rowKey={(r) => r.projectId}
          rowLink={(r) => ({ to: `/assistants/${r.projectId}` })}
          rowTestId="wallet-row"
          query={query}
          emptyText={t.empty}
          errorText={messages.somethingWentWrongTryagain}
          minWidth={900}
          paging={{ page, pageSize: WALLET_PAGE_SIZE, total: data?.total ?? 0, onPage: (p) => setUrl({ page: p + 1 }) }}
        />
      </Box>
      {editing && <ThresholdDialog {...editing} currency={currency} onClose={() => setEditing(null)} />}
    </>
  );
};
