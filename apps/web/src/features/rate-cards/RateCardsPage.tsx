import { Box, Paper, Typography } from '@mui/material';
import { hasPermission, RateCardPageUrl, rateCardTexts } from '@pc/contract';
import { useSession } from '../../session/session';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useUrlState } from '../../ui/useUrlState';
import { useUpcomingRateCards } from './api';
import { CardEffects } from './CardEffects';
import { FamilyRows } from './FamilyRows';
import { rateCardPageTexts as t } from './texts';

/**
 * /rate-cards (ours; the spec has no such screen): each provider rate card scheduled, what it would
 * do to each of the partner's WCC families (costs on the last 30 days, the margin kept or passed through) and the
 * partner's choice per family, until the instant. A family's row opens its prices (in the URL).
 */
export const RateCardsPage = () => {
  const [url, setUrl] = useUrlState(RateCardPageUrl);
  const { viewer } = useSession();
  const query = useUpcomingRateCards();
  const data = query.data;
  const canChoose = Boolean(data?.canChoose) && hasPermission(viewer, 'plans.write');
  const opened = data?.rateCards.find((c) => c._id === url.card);
  const family = opened?.families.find((f) => f.familyId === url.family);

  return (
    <>
      <PageHeader title={rateCardTexts.partnerTitle} />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {rateCardTexts.partnerIntro}
      </Typography>
      {query.isPending && <PageLoader />}
      {query.isError && (
        <ErrorState error={query.error} fallback={rateCardTexts.loadFailed} onRetry={() => void query.refetch()} />
      )}
      {data && (
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {data.rateCards.length === 0 && (
            <Paper sx={{ p: 3 }}>
              <Typography color="text.secondary">{t.noCards}</Typography>
            </Paper>
          )}
          {data.rateCards.map((card) => (
            <Box key={card._id} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <CardEffects
                card={card}
                window={data}
                canChoose={canChoose}
                query={query}
                rowLink={(f) => ({
                  to: `?${new URLSearchParams({ card: card._id, family: f.familyId }).toString()}`,
                })}
              />
              {opened?._id === card._id && family && (
                <FamilyRows
                  family={family}
                  currency={card.currency}
                  query={query}
                  onClose={() => setUrl({ card: '', family: '' })}
                />
              )}
            </Box>
          ))}
        </Box>
      )}
    </>
  );
};
