/** The jobs of webhook delivery (ARCHITECTURE rule 13), and their keys in the jobs table. */
export const DELIVER_JOB = 'webhook.deliver';
export const PRUNE_JOB = 'webhook.prune';
export const DISABLED_MAIL_JOB = 'mail.webhook-disabled';

/** At most one pending delivery job per delivery. */
export const deliverKey = (deliveryId: string) => `${DELIVER_JOB}:${deliveryId}`;
