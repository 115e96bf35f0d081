// The webhook screens load as one chunk: one lazy import in the router, whose list of chunks to
// preload is part of every page's first load.
export { DeliveryConsolePage } from './deliveries/DeliveryConsolePage';
export { WebhooksPage } from './WebhooksPage';
