import { z } from 'zod';

/**
 * A partner's currency (its wallet, prices and bills). A module of its own: the lists and the
 * dashboard name it without building the partner's whole schema, the slowest of the contract's to
 * build as a page's code loads.
 */
export const currencies = ['INR', 'USD'] as const;
export const Currency = z.enum(currencies);
export type Currency = z.infer<typeof Currency>;
