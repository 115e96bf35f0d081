import { z } from 'zod';

/**
 * Meta's template id, a JSON number in its webhooks. One beyond 2^53 has lost digits in JSON.parse
 * and is ignored rather than matched to the wrong template: the next sync catches up.
 */
export const MetaTemplateId = z
  .union([z.string().regex(/^\d{1,30}$/), z.number().int().nonnegative().refine(Number.isSafeInteger)])
  .transform(String);
