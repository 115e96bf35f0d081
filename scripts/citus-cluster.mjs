// A throwaway Citus cluster (distributed PostgreSQL 15) on free loopback ports: a coordinator and
// workers, each an ordinary PostgreSQL 15 server with Citus preloaded, in a temp dir. Used by
// scripts/with-citus.mjs (the suite's cluster) and by the test that stops a worker under load (a
// cluster of its own). Citus is built from ../shared/vendor/citus when it is not installed yet.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, pgBin, pgRun, serverDir } from './pg-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether Citus is installed into this PostgreSQL (its library and its extension's control file). */
export const citusInstalled = () => {
  const config = spawnSync(path.join(pgBin, 'pg_config'), ['--pkglibdir', '--sharedir'], { encoding: 'utf8' });
  if (config.status !== 0) return false;
  const [lib, share] = config.stdout.trim().split('\n');
  return existsSync(path.join(lib, 'citus.so')) && existsSync(path.join(share, 'extension', 'citus.control'));
};

/** Builds Citus from ../shared/vendor/citus unless it is installed (its build.sh: minutes, as root). */
export const ensureCitus = () => {
  if (citusInstalled()) return;
  const build = path.resolve(root, '../shared/vendor/citus/build.sh');
  if (!existsSync(build)) throw new Error(`Citus is not installed and ${build} is not there to build it.`);
  console.log('Building Citus from ../shared/vendor/citus (a few minutes, once per machine)...');
  const built = spawnSync('bash', [build], { stdio: 'inherit' });
  if (built.status !== 0 || !citusInstalled()) throw new Error('Building Citus failed.');
};

const psql = (port, text) =>
  pgRun(
    'psql',
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', text],
    {
      capture: true,
    },
  );

/**
 * Starts a coordinator and `workers` workers, creates the extension on each, joins them. Answers
 * the coordinator's URL (its `postgres` database), the nodes, a way to stop and start a node (as a
 * crash would, then as a restart recovers), and `remove` (keeping the logs in `logDir` if given).
 * `durable`: commits are flushed as on a real server (the suite's clusters skip it, for speed).
 * CREATE DATABASE on the coordinator is propagated to the workers.
 */
export const startCitusCluster = async ({
  workers = 2,
  shardCount = 8,
  prefix = 'pc-citus-',
  durable = false,
} = {}) => {
  ensureCitus();
  const dir = serverDir(prefix);
  const names = ['coordinator', ...Array.from({ length: workers }, (_, i) => `worker${i + 1}`)];
  const nodes = [];
  for (const name of names) nodes.push({ name, data: path.join(dir, name), port: await freePort(), started: false });
  const logOf = (node) => path.join(dir, `${node.name}.log`);
  const start = (node) => {
    pgRun('pg_ctl', ['start', '-D', node.data, '-s', '-w', '-l', logOf(node)]);
    node.started = true;
  };
  const stop = (node, mode = 'immediate') => {
    pgRun('pg_ctl', ['stop', '-D', node.data, '-m', mode, '-s', '-w']);
    node.started = false;
  };
  const remove = (logDir) => {
    if (logDir) {
      mkdirSync(logDir, { recursive: true });
      for (const node of nodes) if (existsSync(logOf(node))) cpSync(logOf(node), path.join(logDir, `${node.name}.log`));
    }
    for (const node of nodes.filter((n) => n.started)) {
      try {
        stop(node);
      } catch {
        /* already gone */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const node of nodes) {
      pgRun('initdb', ['-D', node.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
      appendFileSync(
        path.join(node.data, 'postgresql.conf'),
        [
          "shared_preload_libraries = 'citus'",
          `port = ${node.port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${dir}'`,
          // Fast and forgetful for the suite; `durable` keeps what a commit acknowledged through a
          // node's crash (a test that stops a node and counts what was acknowledged).
          ...(durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
          'max_connections = 300',
          `citus.shard_count = ${shardCount}`,
          // A worker that does not answer is given up on in seconds, not Citus' default 30.
          'citus.node_connection_timeout = 5000',
          // The console's databases are made by npm run start:citus and the benches: a CREATE
          // DATABASE on the coordinator makes it on the workers too.
          'citus.enable_create_database_propagation = on',
          // CITUS_MULTI_TASK_LOG=log: the coordinator logs every statement Citus splits over several
          // shards (a multi-task query), with its text, to find the ones that name no partner.
          ...(node.name === 'coordinator' && process.env.CITUS_MULTI_TASK_LOG
            ? [
                `citus.multi_task_query_log_level = ${process.env.CITUS_MULTI_TASK_LOG}`,
                'log_min_error_statement = log',
              ]
            : []),
          '',
        ].join('\n'),
      );
      start(node);
    }
    for (const node of nodes) psql(node.port, 'create extension if not exists citus');
    const [coordinator, ...rest] = nodes;
    psql(coordinator.port, `select citus_set_coordinator_host('127.0.0.1', ${coordinator.port})`);
    for (const worker of rest) psql(coordinator.port, `select citus_add_node('127.0.0.1', ${worker.port})`);
  } catch (error) {
    for (const node of nodes)
      if (existsSync(logOf(node)))
        console.error(`--- ${node.name}.log\n${readFileSync(logOf(node), 'utf8').slice(-2000)}`);
    remove();
    throw error;
  }
  const version = psql(nodes[0].port, "select extversion from pg_extension where extname = 'citus'").trim();
  return {
    url: `postgres://postgres@127.0.0.1:${nodes[0].port}/postgres`,
    version,
    nodes: nodes.map(({ name, port }) => ({ name, port })),
    stopNode: (name, mode) =>
      stop(
        nodes.find((n) => n.name === name),
        mode,
      ),
    startNode: (name) => start(nodes.find((n) => n.name === name)),
    remove,
  };
};
