import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type UrlValue = string | number;
type UrlSchema = z.ZodObject<Record<string, z.ZodType<UrlValue>>>;

/** The state written in the query string, read with the schema: a missing or refused value reads as its default. */
export const readUrlState = <S extends UrlSchema>(schema: S, params: URLSearchParams): z.infer<S> =>
  schema.parse(Object.fromEntries(params));

/**
 * The query string with `patch` written in: a value equal to its default (or empty) is removed, so
 * a list at rest has a bare URL; parameters the schema does not name (another part of the page's)
 * are kept.
 */
export const writeUrlState = <S extends UrlSchema>(
  schema: S,
  params: URLSearchParams,
  patch: Partial<z.infer<S>>,
): URLSearchParams => {
  const defaults = schema.parse({}) as Record<string, UrlValue>;
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [string, UrlValue | undefined][]) {
    if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
};

/**
 * One hook for every list's place (ARCHITECTURE rule 11): the tab, search, filters, sort and page
 * live in the URL's query string, parsed with the contract's schema, so reload, Back and Forward, a
 * bookmark and a shared link restore the list. Each change is a history entry (Back undoes a filter
 * or a page turn, as in the browser's other lists); `replace` for changes that should not be one.
 */
export const useUrlState = <S extends UrlSchema>(schema: S) => {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readUrlState(schema, params), [schema, params]);
  // Written over the address bar's query, not the rendered one: the router renders a navigation in
  // a transition, so a second change made before it shows (a tab clicked, then a search entered)
  // would otherwise be written over the first one's old query and undo it.
  const set = useCallback(
    (patch: Partial<z.infer<S>>, options?: { replace?: boolean }) =>
      setParams(() => writeUrlState(schema, new URLSearchParams(window.location.search), patch), {
        replace: options?.replace,
      }),
    [schema, setParams],
  );
  return [state, set] as const;
};
