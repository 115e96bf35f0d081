import { demo } from './helpers';
import { walkCleanly } from './console-walk';

// The partner's owner, a DIRECT and an ADS_WHITELABEL partner, and the super-admin; the agent's and
// the referral user's walks are in roles-walk.spec.ts, which a run's other shard takes (the walks
// are a minute each: one shard holding all six finished two minutes after the other).
walkCleanly('the owner', demo.owner);
walkCleanly('a DIRECT partner', demo.direct);
walkCleanly('an ADS_WHITELABEL partner', demo.ads);
walkCleanly('the super-admin', demo.admin);
