/** Types of scripts/monitoring.mjs (the monitoring stack of scripts/edge.mjs). */
export const MONITORING_BINARIES: Record<'prometheus' | 'nginxExporter' | 'redisExporter' | 'mtail' | 'alertmanager' | 'blackbox', [file: string, debianPackage: string]>;

/** What the blackbox exporter asks of the edge. */
export const PROBES: { probe: string; path: string; module: string }[];

/** How the topology's Alertmanager tells people, and how fast (a test's shorter timings). */
export interface AlertingOptions {
  /** Base URL of a webhook receiver: pages are posted to `<url>/page`, tickets to `<url>/ticket` (ALERT_WEBHOOK_URL). */
  webhookUrl?: string;
  groupWaitSeconds?: number;
  groupIntervalSeconds?: number;
  /** Every rule's `for:` and `keep_firing_for:` divided by this (at least 1 s). */
  forDivisor?: number;
  /** Alerts of alerts.yml left out. */
  withoutAlerts?: string[];
}

export interface PrometheusTargets {
  scrapeSeconds: number;
  instances: string[];
  nginxExporter: string;
  /** One per state Redis server (primary and replicas). */
  redisExporters: string[];
  mtail: string;
  prometheus: string;
  rules: string;
  alertmanager: string;
  blackbox: string;
  edgeUrl: string;
}

export function prometheusConfig(targets: PrometheusTargets): {
  global: { scrape_interval: string; evaluation_interval: string; scrape_timeout: string };
  rule_files: string[];
  alerting: { alertmanagers: { static_configs: { targets: string[] }[] }[] };
  scrape_configs: { job_name: string; scrape_interval?: string; static_configs: { targets: string[]; labels?: Record<string, string> }[] }[];
};

export function alertmanagerConfig(options?: AlertingOptions): string;
export function alertRules(options?: { forDivisor?: number; withoutAlerts?: string[] }): string;

export function startMonitoring(options: Record<string, unknown>): Promise<{
  url: string;
  alertmanagerUrl: string;
  exporters: { nginx: string; redis: string[]; mtail: string; blackbox: string };
}>;
