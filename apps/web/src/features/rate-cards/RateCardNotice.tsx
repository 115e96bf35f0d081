import { Alert, Button } from '@mui/material';
import { formatDateTime } from '@pc/contract';
import { Link } from 'react-router';
import { useUpcomingRateCards } from './api';
import { rateCardPageTexts as t } from './texts';

/** Plan Details' notice of a scheduled rate card, leading to /rate-cards; nothing when none is scheduled. */
export const RateCardNotice = () => {
  const { data } = useUpcomingRateCards();
  const next = data?.rateCards.find((card) => card.open);
  if (!next) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="rate-card-notice"
      action={
        <Button color="inherit" size="small" component={Link} to="/rate-cards" sx={{ whiteSpace: 'nowrap' }}>
          {t.noticeLink}
        </Button>
      }
    >
      {t.notice(next.currency, formatDateTime(next.effectiveAt))}
    </Alert>
  );
};
