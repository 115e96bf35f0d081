/** The constraint a unique violation broke, on PostgreSQL and PGlite alike (drizzle wraps the driver's error). */
export const uniqueViolationOf = (error: unknown): string | null => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
};
