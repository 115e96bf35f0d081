import { test } from '@playwright/test';
import { demo } from './helpers';
import { walkChecked } from './axe';

// The super-admin's pages (docs/accessibility.md); a file of its own so that another shard can take it.
test.describe('light', () => {
  walkChecked('the super-admin', demo.admin);
});
