/**
 * Group commit: items handed in one at a time are written together. An item is written at the end
 * of the event loop's turn it came in, with the others of that turn (the answers read from the
 * network in one go); the items handed in while a write is under way are written by the next one,
 * all in one call. So a lone item waits for no company, and under load the statements an item costs
 * fall as the load grows. A failed write fails each of its items (their callers retry them as they
 * would a failed write of their own).
 */
export const groupCommit = <T, R>(write: (items: T[]) => Promise<R[]>): ((item: T) => Promise<R>) => {
  type Waiting = { item: T; resolve: (r: R) => void; reject: (e: unknown) => void };
  let queued: Waiting[] = [];
  let writing = false;

  const drain = async () => {
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const out = await write(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(out[i] as R));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    writing = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queued.push({ item, resolve, reject });
      if (writing) return;
      writing = true;
      setImmediate(() => void drain());
    });
};
