import type { Deps } from '../../deps.js';
import type { MetaMessagesProvider } from '../../providers/meta/messages/messages.js';
import type { Serial } from './serial.js';

/** What the project API runs with: the app's deps, Meta's message side and the per-project send queue. */
export type ProjectApiCtx = Deps & {
  messages: MetaMessagesProvider;
  /** A project's sends, one at a time in this process: the credit check and the charge never interleave. */
  serial: Serial;
};
