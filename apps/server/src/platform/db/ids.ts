import { randomBytes } from 'node:crypto';

/** 24 hex characters, the shape of the ids the spec shows (_id). */
export const newId = (): string => randomBytes(12).toString('hex');
