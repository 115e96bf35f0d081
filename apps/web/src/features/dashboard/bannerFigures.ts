import type { DashboardSummary, Partner } from '@pc/contract';

type Figures = Pick<Partner, 'centralBalance' | 'minAllowedBalance'>;

/**
 * The banners (low balance, suspended) read the session's partner, which is kept for up to a
 * minute; the dashboard's summary is fetched on every visit. When the two disagree the session's
 * copy is the older one, and the banners should be fed the figures the dashboard shows.
 */
export const bannerFiguresBehind = (
  partner: Figures | null | undefined,
  summary: Pick<DashboardSummary, 'centralBalance' | 'minAllowedBalance'> | undefined,
): boolean =>
  Boolean(
    partner &&
    summary &&
    (partner.centralBalance !== summary.centralBalance || partner.minAllowedBalance !== summary.minAllowedBalance),
  );
