import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named page export (the codebase uses named exports only). */
export const lazyPage = <K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }));
