import { useQuery } from '@tanstack/react-query';
import { SetRateCardChoiceAnswer, UpcomingRateCardsResponse, type RateCardChoice } from '@pc/contract';
import { api, request } from '../../api/client';

export const rateCardKeys = {
  all: ['rate-cards'] as const,
  upcoming: () => [...rateCardKeys.all, 'upcoming'] as const,
};

export const fetchUpcomingRateCards = () => api.get('/api/rate-cards/upcoming', UpcomingRateCardsResponse);

export const setRateCardChoice = (cardId: string, familyId: string, choice: RateCardChoice) =>
  request(`/api/rate-cards/${encodeURIComponent(cardId)}/families/${encodeURIComponent(familyId)}`, {
    method: 'PUT',
    body: { choice },
    schema: SetRateCardChoiceAnswer,
  });

/** The scheduled cards and their effect on the partner's families (Plan Details' notice reads it too). */
export const useUpcomingRateCards = (enabled = true) =>
  useQuery({ queryKey: rateCardKeys.upcoming(), queryFn: fetchUpcomingRateCards, enabled });
