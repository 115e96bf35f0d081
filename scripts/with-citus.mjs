// Runs a command against a throwaway Citus cluster (distributed PostgreSQL 15) on free local ports:
//   node scripts/with-citus.mjs npx vitest run <files>
// A coordinator and two workers (scripts/citus-cluster.mjs), removed afterwards; DATABASE_URL points
// at the coordinator's `postgres` database, where Citus is created and the workers joined, and
// CITUS_SUITE=1 tells the tests they run on Citus. Citus is built from ../shared/vendor/citus when it
// is not installed yet. CITUS_SHARD_COUNT sets the shards a distributed table is split into (8 by
// default: enough to spread the partners over both workers, few enough that the migrations' DDL on
// some eighty tables stays quick; Citus' own default is 32). CITUS_LOG_DIR=<dir> keeps the nodes'
// server logs there (every refused statement is in the coordinator's, with its text).
// CITUS_MULTI_TASK_LOG=log makes the coordinator log each multi-shard statement too (off by default).
import { spawn } from 'node:child_process';
import { startCitusCluster } from './citus-cluster.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-citus.mjs <command...>');
  process.exit(2);
}

let cluster;
try {
  cluster = await startCitusCluster({ shardCount: Number(process.env.CITUS_SHARD_COUNT ?? 8) });
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
console.log(
  `Citus ${cluster.version} running for this run: coordinator and ${cluster.nodes.length - 1} workers on 127.0.0.1 ports ${cluster.nodes.map((n) => n.port).join(', ')}`,
);

const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: cluster.url, CITUS_SUITE: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  cluster.remove(process.env.CITUS_LOG_DIR);
  process.exit(code ?? 1);
});
