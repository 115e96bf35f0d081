// What the throwaway database servers of scripts/with-postgres.mjs and scripts/with-citus.mjs share:
// PostgreSQL 15's binaries, a free loopback port, a temp dir the server's user can write, and running
// a server tool (PostgreSQL refuses to run as root, so as root the tools run as the "postgres" user).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** A temp dir for the servers' data and sockets, writable by the "postgres" user. */
export const serverDir = (prefix) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o777);
  return dir;
};

/**
 * Runs one of PostgreSQL's tools; throws when it fails (with its error output when captured).
 * `capture` answers its standard output.
 */
export const pgRun = (tool, args, opts = {}) => {
  const full = [path.join(pgBin, tool), ...args];
  const stdio = opts.capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'];
  const res =
    process.getuid?.() === 0
      ? spawnSync('runuser', ['-u', 'postgres', '--', ...full], { stdio, encoding: 'utf8' })
      : spawnSync(full[0], full.slice(1), { stdio, encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`${tool} ${args.join(' ').slice(0, 200)} failed with ${res.status}: ${res.stderr ?? ''}`);
  return res.stdout;
};
