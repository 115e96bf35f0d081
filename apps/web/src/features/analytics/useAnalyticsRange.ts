import { AnalyticsUrl, checkAnalyticsRange } from '@pc/contract';
import { useState } from 'react';
import { localToday } from '../../ui/localDay';
import { useUrlState } from '../../ui/useUrlState';
import { appliedRange, isApplicable, type Preset, type Range } from './range';
import { analyticsTexts as t } from './texts';

/**
 * The Analytics page's range (doc 3 sections 2, 5 and 9). The URL holds only what the figures show:
 * a preset, or two picked days that make an allowed range. Days being picked (one of the two still
 * empty, or a range the spec refuses) are a draft shown in the fields with what is missing, while
 * the figures and the highlighted preset stay those of the last range applied, never zeros. A
 * half-empty draft is cleared when the fields lose focus (the spec's picker closing).
 */
export const useAnalyticsRange = () => {
  const [url, setUrl] = useUrlState(AnalyticsUrl);
  const today = localToday();
  const applied = appliedRange(url, today);
  const [draft, setDraft] = useState<Range | null>(null);

  const draftProblem = (d: Range) =>
    d.startDate === '' || d.endDate === '' ? t.pickBoth : checkAnalyticsRange(d.startDate, d.endDate, today);

  const pickPreset = (preset: Preset) => {
    setDraft(null);
    setUrl({ preset, from: '', to: '' });
  };
  const pickDays = (startDate: string, endDate: string) => {
    const next = { startDate, endDate };
    if (!isApplicable(next, today)) return setDraft(next);
    setDraft(null);
    // Adjusting picked days replaces the history entry; leaving a preset for picked days makes one.
    setUrl({ preset: 'custom', from: startDate, to: endDate }, { replace: applied.preset === null });
  };
  const closePicker = () => {
    if (draft && (draft.startDate === '' || draft.endDate === '')) setDraft(null);
  };
  return {
    preset: applied.preset,
    range: applied.range,
    fields: draft ?? applied.range,
    problem: draft ? draftProblem(draft) : null,
    today,
    country: url.country,
    setCountry: (country: string) => setUrl({ country }, { replace: true }),
    pickPreset,
    pickDays,
    closePicker,
  };
};
