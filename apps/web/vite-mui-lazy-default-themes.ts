import type { Plugin } from 'vite';

/** MUI's own modules, as the build reads them. */
const MUI_MODULE = /[\\/]node_modules[\\/]@mui[\\/](material|system)[\\/].*\.mjs$/;
/** A default theme made as its module loads: `const defaultTheme = createTheme();` at the top level. */
const DEFAULT_THEME = /^(export )?const (\w+) = createTheme\(\);$/gm;
const HELPER = '\0mui-lazy-default-theme';

/**
 * A theme object that is made the first time it is read: a Proxy that hands every read, key listing and
 * write to the real theme, made then by `create`.
 */
const helperSource = `
export const lazyTheme = (create) => {
  let theme;
  const real = () => (theme ??= create());
  return new Proxy({}, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
};
`;

/**
 * MUI's default themes made when first read rather than as their modules load, in the build only.
 * MUI makes a theme of its own in seven modules (its styles' default, Box's, and the system's for
 * `styled`, `useTheme`, Stack, Grid and Container), for components rendered without a ThemeProvider.
 * The console renders every component inside its own theme, so they were never read, and making the
 * two material ones was about 45 ms of the start on a phone (a 4x slower CPU). Each is now the same
 * theme, made by the same call, the first time anything reads it (a component outside a provider).
 */
export const muiLazyDefaultThemes = (): Plugin => ({
  name: 'mui-lazy-default-themes',
  apply: 'build',
  resolveId: (id) => (id === HELPER ? id : null),
  load: (id) => (id === HELPER ? helperSource : null),
  transform(code, id) {
    if (!MUI_MODULE.test(id.split('?')[0]!) || !code.includes('createTheme()')) return null;
    const lazy = code.replace(
      DEFAULT_THEME,
      (_, exported: string | undefined, name: string) =>
        `${exported ?? ''}const ${name} = /* @__PURE__ */ lazyTheme(() => createTheme());`,
    );
    if (lazy === code) return null;
    return { code: `import { lazyTheme } from ${JSON.stringify(HELPER)};\n${lazy}`, map: null };
  },
});
