import { ThemeProvider } from './ThemeProvider';
import type { ProfileColors } from '@pc/contract';
import { useMemo, type ReactNode } from 'react';
import { brandTheme } from './theme';
import { useSystemScheme } from './useSystemScheme';

/** The pages under it in the partner's colours, in the system's scheme; without colours, the console's own theme. */
export const BrandTheme = ({ colors, children }: { colors: ProfileColors | null; children: ReactNode }) => {
  const scheme = useSystemScheme();
  const theme = useMemo(() => (colors ? brandTheme(colors, scheme) : null), [colors, scheme]);
  return theme ? <ThemeProvider theme={theme}>{children}</ThemeProvider> : <>{children}</>;
};
