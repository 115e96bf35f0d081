import type { Deps } from '../../../deps.js';
import type { SecretBox } from '../secret.js';
import type { Attempt } from './sender.js';

/** What webhook delivery runs with: the app's deps, the secrets' box, and what tests may replace. */
export type DeliveryCtx = Deps & {
  box: SecretBox;
  /** The retry schedule's jitter. */
  random: () => number;
  /** Name resolution under the private-address check (tests point names at 127.0.0.1). */
  lookup?: Attempt['lookup'];
  /** Tells this process's job runner that jobs were committed. */
  kick: () => void;
};
