/**
 * Runs work one at a time per key in this process: each call starts when the previous one of the
 * same key has settled (whatever its outcome). Keys without work under way are forgotten.
 */
export type Serial = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export const createSerial = (): Serial => {
  const tails = new Map<string, Promise<unknown>>();
  return (key, work) => {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
};
