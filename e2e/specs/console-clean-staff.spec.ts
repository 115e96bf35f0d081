import { demo } from './helpers';
import { walkCleanly } from './console-walk';

// The super-admin's pages, clean and checked with axe at both widths (see console-clean.spec.ts).
walkCleanly('the super-admin', demo.admin, { axe: 'both' });
