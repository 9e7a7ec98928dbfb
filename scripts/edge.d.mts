/** Types of scripts/edge.mjs for the TypeScript that starts the topology (e2e/edge.spec.ts, the bench). */
export interface EdgeInstance {
  name: string;
  port: number;
  url: string;
  /** Its metrics listener's /metrics (METRICS_PORT), unless started with `metrics: false`. */
  metricsUrl: string | undefined;
  pid: number | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL, nothing drained, as a crash would; the topology keeps running. */
  kill(): Promise<void>;
}

/** One redis-server (or Sentinel) of the topology, in a dir of its own kept across its restarts. */
export interface RedisServer {
  name: string;
  port: number;
  /** redis://:<password>@127.0.0.1:<port> */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL: nothing written on the way out. */
  kill(): Promise<void>;
}

export interface Edge {
  url: string;
  edgePort: number;
  instances: EdgeInstance[];
  /** The state Redis (limits, revocations, kept filings; noeviction, append-only), with its password: its first primary. */
  redisUrl: string;
  /** With `replication`: the Sentinels the instances follow the primary through (host:port,…). */
  redisSentinels: string | undefined;
  /** The cache Redis (Next.js's cache; maxmemory, allkeys-lru), unless given REDIS_URL alone. */
  redisCacheUrl: string | undefined;
  /** Replaces the instances one at a time (each out of nginx, drained, started from `distDir`'s build, back once ready); answers the release. */
  roll(options?: { distDir?: string; env?: Record<string, string> }): Promise<string>;
  /** The release the instances run. */
  release(): string;
  /** The topology's own state Redis (absent when given REDIS_URL): its servers stopped and started again on their ports, with their data. */
  redis: { start(): Promise<void>; stop(): Promise<void>; servers: RedisServer[]; sentinels: RedisServer[]; primary(): Promise<RedisServer | undefined> } | undefined;
  sandboxUrl: string | undefined;
  /** nginx's stub_status, on loopback only. */
  statusUrl: string;
  /** Prometheus, with `monitoring`. */
  prometheusUrl: string | undefined;
  exporters: { nginx: string; redis: string; mtail: string } | undefined;
  apiBaseUrl: string;
  stateDir: string;
  revalidateSecret: string;
  stop(): Promise<void>;
  exited: Promise<void>;
}

export interface EdgeOptions {
  distDir?: string;
  dataDir?: string;
  edgePort?: number;
  appPorts?: number[];
  publicHost?: string;
  edgeCacheSeconds?: number;
  build?: boolean;
  redisUrl?: string;
  redisCacheUrl?: string;
  /** The state Redis with a replica and three Sentinels, which promote it once the primary has not answered for downAfterMs (5,000). */
  replication?: false | { downAfterMs?: number };
  /** The cache Redis's maxmemory (`64mb`). */
  cacheMaxMemory?: string;
  /** How long a replaced release's static files stay served (seven days). */
  keepReleaseMs?: number;
  apiBaseUrl?: string;
  sandboxPort?: number;
  sandboxEnv?: Record<string, string>;
  sessionSecret?: string;
  revalidateSecret?: string;
  env?: Record<string, string>;
  /** Each instance's metrics listener (free ports unless given); false: none. */
  metrics?: boolean;
  metricsPorts?: number[];
  /** Also prometheus, its exporters and mtail (scripts/monitoring.mjs), scraping every scrapeSeconds (15). */
  monitoring?: false | { scrapeSeconds?: number };
  prometheusPort?: number | string;
  output?: (name: string, line: string) => void;
  onUnexpectedExit?: (name: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

export function startEdge(options?: EdgeOptions): Promise<Edge>;
export function renderTemplate(template: string, values: Record<string, string>): string;
