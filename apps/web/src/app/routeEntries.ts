import { matchRoutes, type Location, type RouteObject } from 'react-router';

/** What a route starts when it is entered, in its `handle`: its page's code and first calls (router.tsx). */
export type RouteEntry = { onEntry: (url: URL) => void };

let entered = new Set<RouteObject>();
let lastKey: string | null = null;

/**
 * Calls `onEntry` of each route the location enters (matched now, not at the location before), once
 * per location. Called while the routes render, not in an effect: a navigation renders in a transition
 * that commits only once the new page's code has arrived, and its calls should start beside that code,
 * not after it. Staying within a route (a search, a page turn) starts nothing again.
 */
export const enterRoutes = (routes: RouteObject[], location: Location) => {
  if (location.key === lastKey) return;
  lastKey = location.key;
  const matched = new Set((matchRoutes(routes, location) ?? []).map((match) => match.route));
  const url = new URL(location.pathname + location.search, window.location.origin);
  for (const route of matched) if (!entered.has(route)) (route.handle as RouteEntry | undefined)?.onEntry(url);
  entered = matched;
};
