import { test } from '@playwright/test';
import { demo } from './helpers';
import { walkCleanly } from './console-walk';

// The system asks for dark: the console follows it, the partner's colours kept readable. The DIRECT
// partner's console is in its own colours (a dark blue, lightened here to read on near-black). Its
// walk is checked with axe at 1440 px: the layouts at 390 px are the light walks', the colours the
// same at both widths (docs/accessibility.md).
test.describe('in the dark colour scheme', () => {
  test.use({ colorScheme: 'dark' });
  walkCleanly('a DIRECT partner', demo.direct, { axe: 'wide' });
});
