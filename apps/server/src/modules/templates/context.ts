import type { Deps } from '../../deps.js';
import type { AccountDelivery } from '../account-events/receive.js';
import type { InboundMessageReport, UserPreferenceReport } from '../../providers/meta/messages/inbound.js';
import type { MessageStatusReport } from '../../providers/meta/messages/messages.js';
import type { MetaTemplatesProvider } from '../../providers/meta/templates/templates.js';
import type { StorageProvider } from '../../providers/storage/storage.js';

/**
 * What the template module's use cases run with: the app's deps, the storage (sample media), Meta's
 * templates, and what a message status or an account event arriving on Meta's webhook is handed to.
 */
export type TemplatesCtx = Deps & {
  storage: StorageProvider;
  metaTemplates: MetaTemplatesProvider;
  reportStatuses: (reports: MessageStatusReport[]) => Promise<void>;
  /** Users' messages to the projects' numbers (they open customer service windows). */
  reportInbound: (reports: InboundMessageReport[]) => Promise<void>;
  /** Users stopping or resuming marketing messages. */
  reportPreferences: (reports: UserPreferenceReport[]) => Promise<unknown>;
  receiveAccount: (delivery: AccountDelivery) => Promise<unknown>;
};
