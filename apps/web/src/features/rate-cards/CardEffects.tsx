import { Box, Chip, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  rateCardTexts,
  type RateCardChoice,
  type RateCardFamilyEffect,
  type UpcomingRateCard,
} from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { DataTable, type Column, type TableQuery } from '../../ui/DataTable';
import { useNotify } from '../../ui/useNotify';
import { rateCardKeys, setRateCardChoice } from './api';
import { rateCardPageTexts as t } from './texts';

type Props = {
  card: UpcomingRateCard;
  window: { startDate: string; endDate: string };
  canChoose: boolean;
  query: TableQuery;
  rowLink: (family: RateCardFamilyEffect) => { to: string };
};

/** Keep prices / Pass through for one family; the server's answer is the truth (read again after). */
const ChoiceToggle = ({
  cardId,
  family,
  disabled,
}: {
  cardId: string;
  family: RateCardFamilyEffect;
  disabled: boolean;
}) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (choice: RateCardChoice) => setRateCardChoice(cardId, family.familyId, choice),
    onSuccess: (answer) => notify.success(answer.message),
    onError: (error) => notify.error(errorText(error, rateCardTexts.saveFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateCardKeys.all }),
  });
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mutation.isPending ? mutation.variables : family.choice}
      disabled={disabled || mutation.isPending}
      onChange={(_, choice: RateCardChoice | null) => choice && choice !== family.choice && mutation.mutate(choice)}
      aria-label={`${t.columns.choice}: ${family.name}`}
      // A phone's stacked row leaves the toggle half its width: the labels wrap there.
      sx={{ maxWidth: '100%', '& .MuiToggleButton-root': { whiteSpace: { xs: 'normal', sm: 'nowrap' }, px: 1.25 } }}
    >
      <ToggleButton value="KEEP">{rateCardTexts.keep}</ToggleButton>
      <ToggleButton value="PASS">{rateCardTexts.pass}</ToggleButton>
    </ToggleButtonGroup>
  );
};

/** One scheduled card: its instant, and per family the costs, the two margins and the partner's choice. */
export const CardEffects = ({ card, window, canChoose, query, rowLink }: Props) => {
  const money = (units: number) => formatMoney(units, card.currency);
  const columns: Column<RateCardFamilyEffect>[] = [
    { key: 'family', label: t.columns.family, cell: (f) => f.name },
    { key: 'projects', label: t.columns.projects, align: 'right', cell: (f) => formatCount(f.projects) },
    { key: 'conversations', label: t.columns.conversations, align: 'right', cell: (f) => formatCount(f.conversations) },
    { key: 'oldCost', label: t.columns.oldCost, align: 'right', nowrap: true, cell: (f) => money(f.oldCost) },
    { key: 'newCost', label: t.columns.newCost, align: 'right', nowrap: true, cell: (f) => money(f.newCost) },
    {
      key: 'kept',
      label: t.columns.marginIfKept,
      align: 'right',
      nowrap: true,
      cell: (f) => (
        <Box component="span" sx={{ color: f.marginIfKept < f.marginIfPassed ? 'warning.dark' : undefined }}>
          {money(f.marginIfKept)}
        </Box>
      ),
    },
    {
      key: 'passed',
      label: t.columns.marginIfPassed,
      align: 'right',
      nowrap: true,
      cell: (f) => money(f.marginIfPassed),
    },
    {
      key: 'choice',
      label: t.columns.choice,
      action: true,
      cell: (f) => <ChoiceToggle cardId={card._id} family={f} disabled={!canChoose || !card.open} />,
    },
  ];
  return (
    <Paper
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
      data-testid="rate-card"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t.cardTitle(card.currency)}
        </Typography>
        <Chip
          color={card.open ? 'info' : 'warning'}
          label={card.open ? t.takesEffect(formatDateTime(card.effectiveAt)) : t.inForce}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t.volume(formatDate(`${window.startDate}T12:00:00`), formatDate(`${window.endDate}T12:00:00`))}
        {!card.open && ` ${t.closed}`}
        {card.open && !canChoose && ` ${t.readOnly}`}
      </Typography>
      <DataTable
        label={t.cardTitle(card.currency)}
        columns={columns}
        rows={card.families}
        rowKey={(f) => f.familyId}
        rowLink={rowLink}
        rowTestId="rate-card-family"
        query={query}
        emptyText={t.noFamilies}
        errorText={rateCardTexts.loadFailed}
        minWidth={1080}
      />
    </Paper>
  );
};
