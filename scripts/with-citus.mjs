// Runs a command against a throwaway Citus cluster (distributed PostgreSQL 15) on free local ports:
//   node scripts/with-citus.mjs npx vitest run <files>
// A coordinator and two workers, each an ordinary PostgreSQL 15 server with Citus preloaded, in a
// temp dir removed afterwards; DATABASE_URL points at the coordinator's `postgres` database, where
// Citus is created and the workers joined. Citus is built from ../shared/vendor/citus when it is not
// installed yet (its build.sh: a few minutes, as root). PostgreSQL refuses to run as root, so as root
// the servers run as the "postgres" user. CITUS_SHARD_COUNT sets the shards a distributed table is
// split into (8 by default: enough to spread the partners over both workers, few enough that the
// migrations' DDL on some eighty tables stays quick; Citus' own default is 32).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, pgBin, pgRun, serverDir } from './pg-server.mjs';

const bin = pgBin;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-citus.mjs <command...>');
  process.exit(2);
}

/** Whether Citus is installed into this PostgreSQL (its library and its extension's control file). */
const citusInstalled = () => {
  const config = spawnSync(path.join(bin, 'pg_config'), ['--pkglibdir', '--sharedir'], { encoding: 'utf8' });
  if (config.status !== 0) return false;
  const [lib, share] = config.stdout.trim().split('\n');
  return existsSync(path.join(lib, 'citus.so')) && existsSync(path.join(share, 'extension', 'citus.control'));
};

if (!citusInstalled()) {
  const build = path.resolve(root, '../shared/vendor/citus/build.sh');
  if (!existsSync(build)) {
    console.error(`Citus is not installed and ${build} is not there to build it.`);
    process.exit(1);
  }
  console.log('Building Citus from ../shared/vendor/citus (a few minutes, once per machine)...');
  const built = spawnSync('bash', [build], { stdio: 'inherit' });
  if (built.status !== 0 || !citusInstalled()) {
    console.error('Building Citus failed.');
    process.exit(1);
  }
}

const dir = serverDir('pc-citus-');
const run = pgRun;

const names = ['coordinator', 'worker1', 'worker2'];
const nodes = [];
for (const name of names) nodes.push({ name, data: path.join(dir, name), port: await freePort(), started: false });

const stop = () => {
  for (const node of nodes.filter((n) => n.started)) {
    try {
      run('pg_ctl', ['stop', '-D', node.data, '-m', 'immediate', '-s']);
    } catch {
      /* already gone */
    }
  }
  rmSync(dir, { recursive: true, force: true });
};

const sql = (node, text) =>
  run(
    'psql',
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(node.port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-v',
      'ON_ERROR_STOP=1',
      '-qAtc',
      text,
    ],
    { capture: true },
  );

const shardCount = Number(process.env.CITUS_SHARD_COUNT ?? 8);
try {
  for (const node of nodes) {
    run('initdb', ['-D', node.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    appendFileSync(
      path.join(node.data, 'postgresql.conf'),
      [
        "shared_preload_libraries = 'citus'",
        `port = ${node.port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 300',
        `citus.shard_count = ${shardCount}`,
        // The console's databases are made by the tests (one a file) and by npm run start:citus: a
        // CREATE DATABASE on the coordinator makes it on the workers too.
        'citus.enable_create_database_propagation = on',
        '',
      ].join('\n'),
    );
    run('pg_ctl', ['start', '-D', node.data, '-s', '-w', '-l', path.join(dir, `${node.name}.log`)]);
    node.started = true;
  }
  for (const node of nodes) sql(node, 'create extension if not exists citus');
  const [coordinator, ...workers] = nodes;
  sql(coordinator, `select citus_set_coordinator_host('127.0.0.1', ${coordinator.port})`);
  for (const worker of workers) sql(coordinator, `select citus_add_node('127.0.0.1', ${worker.port})`);
  const version = sql(coordinator, "select extversion from pg_extension where extname = 'citus'").trim();
  const count = sql(coordinator, 'select count(*) from pg_dist_node').trim();
  console.log(
    `Citus ${version} running for this run: coordinator and ${Number(count) - 1} workers on 127.0.0.1 ports ${nodes.map((n) => n.port).join(', ')}`,
  );
} catch (error) {
  console.error(String(error));
  for (const node of nodes.filter((n) => n.started)) {
    const log = path.join(dir, `${node.name}.log`);
    if (existsSync(log)) console.error(`--- ${node.name}.log\n${readFileSync(log, 'utf8').slice(-2000)}`);
  }
  stop();
  process.exit(1);
}

const url = `postgres://postgres@127.0.0.1:${nodes[0].port}/postgres`;
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  stop();
  process.exit(code ?? 1);
});
