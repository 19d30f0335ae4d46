// The types of deploy/cluster.mjs, for the TypeScript tests that start a cluster.

export const nginxBinary: string;

export interface ClusterOptions {
  /** Mingle processes (2 by default). */
  processes?: number;
  /** One PostgreSQL database for every process; the caller creates and drops it. */
  databaseUrl: string;
  /** false: no nginx, `url` is the first process (a one-process baseline). */
  nginx?: boolean;
  /** More environment for every process (REDIS_URL, SIGN_IN_RATE_LIMIT_PER_IP...), over the cluster's own. */
  env?: Record<string, string>;
  /** The processes' and nginx's output on this process's stderr. */
  log?: boolean;
}

export interface ClusterMember {
  url: string;
  port: number;
  /** The running process's id (a new one after restart()). */
  readonly pid: number | undefined;
  /** SIGTERM, waits for the exit, starts again on the same port and waits until it is ready. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface Cluster {
  /** nginx's address, or the first process's without nginx. */
  url: string;
  members: ClusterMember[];
  /** nginx's access log so far, one line per answered request, naming the process that answered (`upstream=`). */
  accessLog(): string;
  /** Everything down, the temporary folder removed. */
  stop(): Promise<void>;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;

/** deploy/nginx/mingle.conf with these ports and access log put in. */
export function renderSite(template: string, options: { port: number; memberPorts: number[]; accessLog: string }): string;
