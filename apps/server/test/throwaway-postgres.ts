import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** PostgreSQL 15's server binaries, where Debian's postgresql-15 puts them (CI installs it). */
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const hasPostgresServer = () => existsSync(path.join(PG_BIN, 'postgres'));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * A PostgreSQL server of a test's own, to stop and start under load (scripts/with-postgres.mjs
 * starts the one the suite shares). PostgreSQL refuses to run as root: as root it runs as "postgres".
 */
export const startThrowawayPostgres = async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-pg-own-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const full = [path.join(PG_BIN, tool), ...args];
    const res =
      process.getuid?.() === 0
        ? spawnSync('runuser', ['-u', 'postgres', '--', ...full], { stdio: 'ignore' })
        : spawnSync(full[0]!, full.slice(1), { stdio: 'ignore' });
    if (res.status !== 0) throw new Error(`${tool} ${args[0] ?? ''} failed with ${res.status}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    run('pg_ctl', ['start', '-D', data, '-s', '-w', '-l', path.join(dir, 'server.log'), '-o', options]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /**
     * New connections are refused until start. A fast shutdown ends the connections (57P01); an
     * immediate one kills the server as a crash would, and start then recovers from the WAL.
     */
    stop: (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['stop', '-D', data, '-m', mode, '-s', '-w']),
    start,
    remove: () => {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-s']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
