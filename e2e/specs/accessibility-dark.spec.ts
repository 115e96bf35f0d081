import { test } from '@playwright/test';
import { demo } from './helpers';
import { signInPageChecked, walkChecked } from './axe';

// The system asks for dark: the console follows it, the partner's colours kept readable.
test.describe('dark', () => {
  test.use({ colorScheme: 'dark' });
  // The DIRECT partner's console is in its own colours (a dark blue, lightened here to read on
  // near-black); the layouts at 390 px are the light walks', the colours the same at both widths.
  walkChecked('a DIRECT partner', demo.direct, { wide: true });

  signInPageChecked();
});
