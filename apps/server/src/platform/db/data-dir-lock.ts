import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * PGlite is a single-process database: two servers on one data dir would corrupt it. The lock
 * file holds the owner's pid; a lock left by a dead process is taken over.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${owner}. Stop it or use another DATA_DIR.`,
          { cause: error },
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
};
