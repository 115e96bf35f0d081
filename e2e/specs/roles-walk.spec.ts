import { demo } from './helpers';
import { walkCleanly } from './console-walk';

// The roles that see less (see console-clean.spec.ts): what they cannot open is not offered, so
// their walk meets no 403.
walkCleanly('an agent', demo.agent);
walkCleanly('a referral user', demo.referral);
