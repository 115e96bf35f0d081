/** An instant as the API answers it. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
