// Types of citus-cluster.mjs, for the TypeScript test that starts a cluster of its own.
export type CitusCluster = {
  /** The coordinator's `postgres` database. */
  url: string;
  version: string;
  nodes: { name: string; port: number }[];
  /** Stops a node ("immediate": as a crash would; "fast": ending its connections). */
  stopNode: (name: string, mode?: 'immediate' | 'fast') => void;
  startNode: (name: string) => void;
  /** Stops every node and removes the cluster, keeping the nodes' logs in `logDir` if given. */
  remove: (logDir?: string) => void;
};
export const citusInstalled: () => boolean;
export const ensureCitus: () => void;
export const startCitusCluster: (opts?: {
  workers?: number;
  shardCount?: number;
  prefix?: string;
  /** Commits flushed as on a real server (fsync and synchronous commit on). */
  durable?: boolean;
}) => Promise<CitusCluster>;
