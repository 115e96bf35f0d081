/** A payload as people read it: pretty-printed JSON (a string payload as it is, nothing as nothing). */
export const prettyPayload = (payload: unknown): string =>
  typeof payload === 'string' ? payload : (JSON.stringify(payload, null, 2) ?? '');
