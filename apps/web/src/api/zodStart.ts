/**
 * What `startZod` (early.ts) imports to set zod up: one of its schema builders. The modules it needs
 * are those every schema needs, and it keeps no other part of zod in the build.
 */
export { object } from 'zod';
