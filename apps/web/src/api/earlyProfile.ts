/**
 * The partner's schema, the largest of the early ones (the partner, its wallet, billing details and
 * team): built in a task of its own before the rest (early.ts).
 */
export { ProfileResponse } from '@pc/contract';
