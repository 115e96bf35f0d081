import { demo } from './helpers';
import { walkCleanly } from './console-walk';

// The partner's owner and an ADS_WHITELABEL partner; the DIRECT partner's walk is in
// console-clean-dark.spec.ts, the super-admin's in console-clean-staff.spec.ts, the agent's and the
// referral user's in roles-walk.spec.ts: one file is one shard's, and each walk is minutes.
// The owner's pages are also checked with axe at both widths (docs/accessibility.md).
walkCleanly('the owner', demo.owner, { axe: 'both' });
walkCleanly('an ADS_WHITELABEL partner', demo.ads);
