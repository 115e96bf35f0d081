import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Money in 1/100000 of the currency: a bigint, never a float (ARCHITECTURE rule 4). */
export const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
