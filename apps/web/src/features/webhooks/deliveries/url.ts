import { webhookDeliveryStatuses } from '@pc/contract';
import { z } from 'zod';

/** The console's status filter: every delivery, or one status (FAILED: the dead letters). */
export const deliveryFilters = ['ALL', ...webhookDeliveryStatuses] as const;
export type DeliveryFilter = (typeof deliveryFilters)[number];

/**
 * The delivery console's place in the URL (ARCHITECTURE rule 11): the filter, the page (from 1) and
 * the delivery open in the detail dialog. Like the contract's list states, a missing or refused
 * value reads as its default.
 */
export const DeliveryListUrl = z.object({
  status: z.enum(deliveryFilters).catch('ALL'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  delivery: z.string().max(100).catch(''),
});
export type DeliveryListUrl = z.infer<typeof DeliveryListUrl>;
