/** Types of scripts/monitoring.mjs (the monitoring stack of scripts/edge.mjs). */
export const MONITORING_BINARIES: Record<'prometheus' | 'nginxExporter' | 'redisExporter' | 'mtail', [file: string, debianPackage: string]>;

export interface PrometheusTargets {
  scrapeSeconds: number;
  instances: string[];
  nginxExporter: string;
  redisExporter: string;
  mtail: string;
  prometheus: string;
  rules: string;
}

export function prometheusConfig(targets: PrometheusTargets): {
  global: { scrape_interval: string; evaluation_interval: string; scrape_timeout: string };
  rule_files: string[];
  scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
};

export function startMonitoring(options: Record<string, unknown>): Promise<{ url: string; exporters: { nginx: string; redis: string; mtail: string } }>;
