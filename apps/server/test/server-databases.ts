import pg from 'pg';

/**
 * Databases on the test run's server, made and dropped for the run's templates and each file's copy.
 * On PostgreSQL a copy is CREATE DATABASE ... TEMPLATE. On Citus a database is one on every node,
 * each with its own `citus` extension and, on the coordinator, its own list of the nodes (Citus keeps
 * its metadata per database); a copy is a copy on every node, the coordinator's metadata naming the
 * same shards the workers' copies hold, so a file's database is ready in a fraction of a second
 * rather than migrated, placed and seeded again.
 */

type Node = { host: string; port: number; coordinator: boolean };

const urlOn = (base: string, node: { host: string; port: number } | undefined, database: string) => {
  const url = new URL(base);
  if (node) {
    url.hostname = node.host;
    url.port = String(node.port);
  }
  url.pathname = `/${database}`;
  return url.toString();
};

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** The Citus nodes behind the server's URL, coordinator first; none when it is plain PostgreSQL. */
const citusNodes = (adminUrl: string) =>
  withClient(adminUrl, async (client) => {
    const citus = await client.query(`select 1 from pg_extension where extname = 'citus'`);
    if (citus.rowCount === 0) return [];
    const nodes = await client.query<{ nodename: string; nodeport: number; groupid: number }>(
      'select nodename, nodeport, groupid from pg_dist_node order by groupid',
    );
    return nodes.rows.map((row): Node => ({ host: row.nodename, port: row.nodeport, coordinator: row.groupid === 0 }));
  });

/** Runs `work` again, a few times, while a database it needs alone still has another session. */
const whileAccessed = async (work: () => Promise<unknown>) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !/being accessed by other users/.test(String(error))) throw error;
    }
  }
};

/** CREATE DATABASE on one node only: the copies are made node by node. */
const createOnNode = (url: string, name: string, template?: string) =>
  withClient(url, async (client) => {
    await client.query('set citus.enable_create_database_propagation = off');
    await whileAccessed(async () => {
      // Citus' maintenance daemon keeps a connection to every database with the extension, and a
      // template must have none while it is copied: it is ended here and comes back by itself.
      if (template)
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [template],
        );
      await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    });
  });

export type ServerDatabases = {
  /** A database named `name`: empty, or a copy of `template`. */
  create: (name: string, template?: string) => Promise<string>;
  drop: (name: string) => Promise<void>;
  close: () => Promise<void>;
};

export const serverDatabases = async (adminUrl: string): Promise<ServerDatabases> => {
  const nodes = await citusNodes(adminUrl);
  if (nodes.length === 0) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    return {
      create: async (name, template) => {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        return urlOn(adminUrl, undefined, name);
      },
      drop: async (name) => {
        await admin.query(`drop database if exists ${name} with (force)`);
      },
      close: () => admin.end(),
    };
  }
  const nodeUrl = (node: Node, database: string) => urlOn(adminUrl, node, database);
  const coordinator = nodes.find((node) => node.coordinator)!;
  return {
    create: async (name, template) => {
      await Promise.all(nodes.map((node) => createOnNode(nodeUrl(node, 'postgres'), name, template)));
      if (!template) {
        await Promise.all(
          nodes.map((node) => withClient(nodeUrl(node, name), (client) => client.query('create extension citus'))),
        );
        await withClient(nodeUrl(coordinator, name), async (client) => {
          await client.query('select citus_set_coordinator_host($1, $2)', [coordinator.host, coordinator.port]);
          for (const worker of nodes.filter((node) => !node.coordinator))
            await client.query('select citus_add_node($1, $2)', [worker.host, worker.port]);
        });
      }
      return nodeUrl(coordinator, name);
    },
    drop: async (name) => {
      await Promise.all(
        nodes.map((node) =>
          withClient(nodeUrl(node, 'postgres'), async (client) => {
            await client.query('set citus.enable_create_database_propagation = off');
            // FORCE ends the sessions there, but Citus' maintenance daemon may come back between.
            await whileAccessed(() => client.query(`drop database if exists ${name} with (force)`));
          }),
        ),
      );
    },
    close: async () => {},
  };
};
