/**
 * A webhook's URL as the activity log writes it: the query's values hidden (a receiver's token often
 * rides there, and the log is read by roles that may not see the webhooks), the rest as typed.
 */
export const urlForLog = (url: string): string => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const names = [...new Set(parsed.searchParams.keys())];
  const query = names.length ? `?${names.map((name) => `${encodeURIComponent(name)}=…`).join('&')}` : '';
  return `${parsed.origin}${parsed.pathname}${query}`;
};
