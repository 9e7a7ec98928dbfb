// The monitoring stack beside the topology of scripts/edge.mjs (docs/observability.md): Debian's
// prometheus scraping every instance's metrics listener, prometheus-nginx-exporter (nginx's
// stub_status), prometheus-redis-exporter and mtail (the page cache and upstream times from nginx's
// JSON log), with the alert rules of deploy/prometheus/alerts.yml. The Swarm stack (deploy/stack.yaml)
// runs the same parts in production (deploy/prometheus/prometheus.yml).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Debian's binaries this stack runs, and the package each comes from. */
export const MONITORING_BINARIES = {
  prometheus: ['/usr/bin/prometheus', 'prometheus'],
  nginxExporter: ['/usr/bin/prometheus-nginx-exporter', 'prometheus-nginx-exporter'],
  redisExporter: ['/usr/bin/prometheus-redis-exporter', 'prometheus-redis-exporter'],
  mtail: ['/usr/bin/mtail', 'mtail'],
};

/**
 * Prometheus's configuration for the topology on one machine, as JSON (which YAML reads as it is):
 * the same jobs and rules as deploy/prometheus/prometheus.yml, with loopback targets.
 */
export function prometheusConfig({ scrapeSeconds, instances, nginxExporter, redisExporter, mtail, prometheus, rules }) {
  const job = (name, targets) => ({ job_name: name, static_configs: [{ targets }] });
  return {
    global: { scrape_interval: `${scrapeSeconds}s`, evaluation_interval: `${scrapeSeconds}s`, scrape_timeout: `${Math.min(10, scrapeSeconds)}s` },
    rule_files: [rules],
    scrape_configs: [job('app', instances), job('nginx', [nginxExporter]), job('redis', [redisExporter]), job('edge-log', [mtail]), job('prometheus', [prometheus])],
  };
}

/**
 * Starts the exporters, mtail and prometheus with `run` (scripts/edge.mjs's: output prefixed, an
 * unexpected exit stops the topology) and waits until prometheus is ready.
 */
export async function startMonitoring({ run, waitFor, freePort, stateDir, instances, statusUrl, redisUrl, accessLog, scrapeSeconds = 15, prometheusPort }) {
  const missing = Object.values(MONITORING_BINARIES).filter(([file]) => !existsSync(file));
  if (missing.length) {
    const names = missing.map(([, name]) => name).join(' ');
    throw new Error(`no ${names}: apt-get install ${names} (or start without the monitoring stack)`);
  }
  const [nginxExporterPort, redisExporterPort, mtailPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const port = Number(prometheusPort) || (await freePort());
  const at = (p) => `127.0.0.1:${p}`;
  const ready = async (url) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((answer) => answer.ok, () => false);

  const nginxExporter = run('nginx-ex', MONITORING_BINARIES.nginxExporter[0], ['-nginx.scrape-uri', statusUrl, '-web.listen-address', at(nginxExporterPort)]);
  const redisExporter = run('redis-ex', MONITORING_BINARIES.redisExporter[0], ['-redis.addr', redisUrl, '-web.listen-address', at(redisExporterPort)]);
  const mtail = run('mtail', MONITORING_BINARIES.mtail[0], [
    '--progs', path.join(root, 'deploy/mtail'),
    '--logs', accessLog,
    '--address', '127.0.0.1',
    '--port', String(mtailPort),
    '--emit_prog_label=false',
    '--logtostderr',
    '--stderrthreshold', 'WARNING',
    '-v', '0',
  ]);

  const dir = path.join(stateDir, 'prometheus');
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    JSON.stringify(
      prometheusConfig({
        scrapeSeconds,
        instances,
        nginxExporter: at(nginxExporterPort),
        redisExporter: at(redisExporterPort),
        mtail: at(mtailPort),
        prometheus: at(port),
        rules: path.join(root, 'deploy/prometheus/alerts.yml'),
      }),
      null,
      2,
    ),
  );
  const prometheus = run('prom', MONITORING_BINARIES.prometheus[0], [
    `--config.file=${config}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=${at(port)}`,
    '--log.level=warn',
  ]);
  const url = `http://${at(port)}`;
  await Promise.all([
    waitFor('prometheus-nginx-exporter', () => ready(`http://${at(nginxExporterPort)}/metrics`), nginxExporter, 20_000),
    waitFor('prometheus-redis-exporter', () => ready(`http://${at(redisExporterPort)}/metrics`), redisExporter, 20_000),
    waitFor('mtail', () => ready(`http://${at(mtailPort)}/metrics`), mtail, 20_000),
    waitFor('prometheus', () => ready(`${url}/-/ready`), prometheus, 60_000),
  ]);
  return { url, exporters: { nginx: at(nginxExporterPort), redis: at(redisExporterPort), mtail: at(mtailPort) } };
}
