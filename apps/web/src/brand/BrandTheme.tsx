import { ThemeProvider } from './ThemeProvider';
import type { ProfileColors } from '@pc/contract';
import { useMemo, type ReactNode } from 'react';
import { brandTheme } from './theme';

/** The pages under it in the partner's colours; without colours, the console's own theme. */
export const BrandTheme = ({ colors, children }: { colors: ProfileColors | null; children: ReactNode }) => {
  const theme = useMemo(() => (colors ? brandTheme(colors) : null), [colors]);
  return theme ? <ThemeProvider theme={theme}>{children}</ThemeProvider> : <>{children}</>;
};
