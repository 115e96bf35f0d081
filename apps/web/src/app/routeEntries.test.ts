import type { Location, RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enterRoutes } from './routeEntries';

const entered: string[] = [];
const entry = (name: string) => ({ handle: { onEntry: (url: URL) => entered.push(`${name} ${url.search}`) } });
const routes: RouteObject[] = [
  {
    path: '/',
    ...entry('signed-in'),
    children: [
      { index: true, ...entry('dashboard') },
      { path: 'assistants', ...entry('projects') },
      { path: 'businesses' },
    ],
  },
  { path: '/login' },
];

let key = 0;
const at = (path: string): Location => {
  const url = new URL(path, 'http://console.test');
  key += 1;
  return { pathname: url.pathname, search: url.search, hash: '', state: null, key: `k${key}` };
};
const enter = (path: string) => {
  entered.length = 0;
  enterRoutes(routes, at(path));
  return [...entered];
};

describe('entering routes', () => {
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'http://console.test' } }));
  afterAll(() => vi.unstubAllGlobals());

  it('starts each route entered, with the URL it is entered at', () => {
    expect(enter('/?from=2026-11-01')).toEqual(['signed-in ?from=2026-11-01', 'dashboard ?from=2026-11-01']);
  });

  it('starts nothing again within a route, nor for the same location rendered again', () => {
    expect(enter('/?from=2026-11-02')).toEqual([]);
    const location = at('/?from=2026-11-03');
    enterRoutes(routes, location);
    entered.length = 0;
    enterRoutes(routes, location);
    expect(entered).toEqual([]);
  });

  it('starts only the routes newly entered, and a route left and entered again', () => {
    expect(enter('/assistants')).toEqual(['projects ']);
    expect(enter('/businesses')).toEqual([]);
    expect(enter('/assistants?tab=Live')).toEqual(['projects ?tab=Live']);
    expect(enter('/login')).toEqual([]);
    expect(enter('/')).toEqual(['signed-in ', 'dashboard ']);
  });
});
