/**
 * The Graph API version every call to Meta names, on the server and in Facebook's JS SDK: one
 * setting (META_GRAPH_VERSION), so that the two never drift apart and a move to the next version is
 * one line.
 *
 * Meta makes a version unusable two years after the next one is released. The dates are Meta's
 * "Graph API versions" page (https://developers.facebook.com/docs/graph-api/changelog/versions/,
 * as of July 2026, when v26.0 was released with no end date yet).
 */
export const graphVersions: Record<string, { released: string; ends: string | null }> = {
  'v26.0': { released: '2026-07-29', ends: null },
  'v25.0': { released: '2026-02-18', ends: '2028-07-29' },
  'v24.0': { released: '2025-10-08', ends: '2028-02-18' },
  'v23.0': { released: '2025-05-29', ends: '2027-10-08' },
  'v22.0': { released: '2025-01-21', ends: '2027-05-20' },
  'v21.0': { released: '2024-10-02', ends: '2027-01-21' },
  'v20.0': { released: '2024-05-21', ends: '2026-09-24' },
};

/**
 * The default: the newest version with a published end (Meta's implementation pages say "the
 * latest API version: v25.0"); v24.0 and later return the business portfolio's messaging limit.
 */
export const DEFAULT_GRAPH_VERSION = 'v25.0';

export const GRAPH_VERSION_PATTERN = /^v\d{2}\.0$/;

/** When a version stops working, or null while Meta has not said. */
export const graphVersionEnds = (version: string): Date | null => {
  const ends = graphVersions[version]?.ends;
  return ends ? new Date(`${ends}T00:00:00Z`) : null;
};

/** Why a configured version cannot be used at `now`, or null when it can. */
export const graphVersionRefusal = (version: string, now: Date): string | null => {
  if (!GRAPH_VERSION_PATTERN.test(version))
    return `${version} is not a Graph API version (e.g. ${DEFAULT_GRAPH_VERSION})`;
  const ends = graphVersionEnds(version);
  if (ends && ends <= now) return `Meta stopped serving ${version} on ${ends.toISOString().slice(0, 10)}`;
  return null;
};

/** The Graph API's base URL with the version: where every server call goes. */
export const graphBaseUrl = (host: string, version: string) => `${host.replace(/\/$/, '')}/${version}`;
