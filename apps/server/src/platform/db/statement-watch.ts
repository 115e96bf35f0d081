/**
 * Who is told of the statements that may write, before they run: drizzle's query logger sees
 * every statement the app sends, transactions and prepared queries included. A process-wide
 * cache of rows (the signed-in users: platform/auth/viewer-cache.ts) forgets what a write may
 * have changed. Reads (the most of them) are passed over after a look at their first word.
 */
type Listener = (text: string) => void;
const listeners = new Set<Listener>();

export const watchWrites = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const statementWatch = {
  logQuery: (text: string) => {
    if (listeners.size === 0 || /^\s*select\b/i.test(text)) return;
    for (const listener of listeners) listener(text);
  },
};
