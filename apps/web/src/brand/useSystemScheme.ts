import { useSyncExternalStore } from 'react';
import type { Scheme } from './theme';

/**
 * The colour scheme the system asks for (prefers-color-scheme), followed as it changes: a phone
 * that turns dark at sunset turns the console dark too. A few lines on matchMedia rather than
 * MUI's CSS-variables provider, which would add about 3 KB to every first page (vite.config.ts).
 */
const dark = typeof window !== 'undefined' ? window.matchMedia?.('(prefers-color-scheme: dark)') : undefined;
const subscribe = (onChange: () => void) => {
  dark?.addEventListener('change', onChange);
  return () => dark?.removeEventListener('change', onChange);
};
const current = (): Scheme => (dark?.matches ? 'dark' : 'light');

export const useSystemScheme = (): Scheme => useSyncExternalStore(subscribe, current, () => 'light');
