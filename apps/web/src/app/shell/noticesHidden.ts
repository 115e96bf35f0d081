/**
 * Folded notices, for the browser tab's session (sessionStorage): the kinds that were showing when
 * the user folded them. Folded holds only while every notice showing now was among those.
 */
const KEY = 'pc.notices.hidden';

export const noticesHidden = (kinds: string[]): boolean => {
  try {
    const folded = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    return Array.isArray(folded) && kinds.length > 0 && kinds.every((k) => folded.includes(k));
  } catch {
    return false;
  }
};

export const rememberNoticesHidden = (kinds: string[] | null) => {
  try {
    if (kinds) sessionStorage.setItem(KEY, JSON.stringify(kinds));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window's quota): the fold lasts until the page is left.
  }
};
