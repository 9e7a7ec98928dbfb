// The monitoring stack beside the topology of scripts/edge.mjs (docs/observability.md): Debian's
// prometheus scraping every instance's metrics listener, prometheus-nginx-exporter (nginx's
// stub_status), prometheus-redis-exporter, mtail (the page cache, answers and times from nginx's
// JSON log) and prometheus-blackbox-exporter (the edge probed as a visitor asks it), with the alert
// rules of deploy/prometheus/alerts.yml sent to prometheus-alertmanager, which tells people as
// deploy/alertmanager/alertmanager.yml says. The Swarm stack (deploy/stack.yaml) runs the same parts
// in production (deploy/prometheus/prometheus.yml).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, waitForHttp } from './ports.cjs';

const root = path.resolve(import.meta.dirname, '..');

/** Debian's binaries this stack runs, and the package each comes from. */
export const MONITORING_BINARIES = {
  prometheus: ['/usr/bin/prometheus', 'prometheus'],
  nginxExporter: ['/usr/bin/prometheus-nginx-exporter', 'prometheus-nginx-exporter'],
  redisExporter: ['/usr/bin/prometheus-redis-exporter', 'prometheus-redis-exporter'],
  mtail: ['/usr/bin/mtail', 'mtail'],
  alertmanager: ['/usr/bin/prometheus-alertmanager', 'prometheus-alertmanager'],
  blackbox: ['/usr/bin/prometheus-blackbox-exporter', 'prometheus-blackbox-exporter'],
};

/** What the blackbox exporter asks of the edge (deploy/blackbox/blackbox.yml's modules). */
export const PROBES = [
  { probe: 'home', path: '/', module: 'page' },
  { probe: 'how-to', path: '/nasil-yapilir', module: 'page' },
  { probe: 'bff-read', path: '/api/v1/app-settings/countries', module: 'bff_read' },
];

/**
 * Alertmanager's configuration: deploy/alertmanager/alertmanager.yml itself (its routes, grouping
 * and inhibitions), with its webhooks pointed at `webhookUrl` (`<url>/page`, `<url>/ticket`) or, with
 * none, left out (the alerts are on Alertmanager's page only), and shorter group timings if given.
 */
export function alertmanagerConfig({ webhookUrl, groupWaitSeconds, groupIntervalSeconds } = {}) {
  let text = readFileSync(path.join(root, 'deploy/alertmanager/alertmanager.yml'), 'utf8');
  text = webhookUrl
    ? text.replaceAll('http://alert-bridge:9095', webhookUrl.replace(/\/$/, ''))
    : text.replace(/^ {4}webhook_configs:\n(?: {6}.*\n)+/gm, '');
  if (groupWaitSeconds) text = text.replace(/^(\s+group_wait:) \S+$/gm, `$1 ${groupWaitSeconds}s`);
  if (groupIntervalSeconds) text = text.replace(/^(\s+group_interval:) \S+$/gm, `$1 ${groupIntervalSeconds}s`);
  return text;
}

/**
 * The alert rules of deploy/prometheus/alerts.yml, each `for:` and `keep_firing_for:` divided by `forDivisor` (at least
 * 1 s): a test sees an alert fire in seconds rather than minutes, through the same expressions.
 * `withoutAlerts` leaves alerts out (a test on a shared machine whose load is not what it tests).
 */
export function alertRules({ forDivisor = 1, withoutAlerts = [] } = {}) {
  let text = readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8');
  // An alert left out: its whole block, up to the next rule or group.
  for (const name of withoutAlerts) text = text.replace(new RegExp(`\\n( +)- alert: ${name}\\n[\\s\\S]*?(?=\\n\\1- (?:alert|record):|\\n  - name:|\\n*$)`), '');
  if (forDivisor === 1) return text;
  const unit = { s: 1, m: 60, h: 3600 };
  return text.replace(/^(\s+(?:for|keep_firing_for):) (\d+)([smh])$/gm, (_, key, count, u) => `${key} ${Math.max(1, Math.round((Number(count) * unit[u]) / forDivisor))}s`);
}

/**
 * Prometheus's configuration for the topology on one machine, as JSON (which YAML reads as it is):
 * the same jobs and rules as deploy/prometheus/prometheus.yml, with loopback targets.
 */
export function prometheusConfig({ scrapeSeconds, instances, nginxExporter, redisExporters, mtail, prometheus, rules, alertmanager, blackbox, edgeUrl }) {
  const job = (name, targets) => ({ job_name: name, static_configs: [{ targets }] });
  return {
    global: { scrape_interval: `${scrapeSeconds}s`, evaluation_interval: `${scrapeSeconds}s`, scrape_timeout: `${Math.min(10, scrapeSeconds)}s` },
    rule_files: [rules],
    alerting: { alertmanagers: [{ static_configs: [{ targets: [alertmanager] }] }] },
    scrape_configs: [
      job('app', instances),
      job('nginx', [nginxExporter]),
      // Every state server, primary and replicas: RedisNoReplica and RedisFailover compare them.
      job('redis', redisExporters),
      job('edge-log', [mtail]),
      job('prometheus', [prometheus]),
      job('alertmanager', [alertmanager]),
      {
        job_name: 'blackbox',
        // Not more often than every 5 s: a probe is a page view, which a busy machine pays for.
        scrape_interval: `${Math.max(5, scrapeSeconds)}s`,
        metrics_path: '/probe',
        static_configs: PROBES.map(({ probe, path: at, module }) => ({ targets: [new URL(at, edgeUrl).href], labels: { probe, __param_module: module } })),
        relabel_configs: [
          { source_labels: ['__address__'], target_label: '__param_target' },
          { source_labels: ['__param_target'], target_label: 'instance' },
          { target_label: '__address__', replacement: blackbox },
        ],
      },
    ],
  };
}

/**
 * Starts the exporters, mtail and prometheus with `run` (scripts/edge.mjs's: output prefixed, an
 * unexpected exit stops the topology) and waits until prometheus is ready.
 */
export async function startMonitoring({ run, stateDir, instances, statusUrl, redisUrls, accessLog, edgeUrl, scrapeSeconds = 15, prometheusPort, alerting = {} }) {
  const missing = Object.values(MONITORING_BINARIES).filter(([file]) => !existsSync(file));
  if (missing.length) {
    const names = missing.map(([, name]) => name).join(' ');
    throw new Error(`no ${names}: apt-get install ${names} (or start without the monitoring stack)`);
  }
  const [nginxExporterPort, mtailPort, alertmanagerPort, blackboxPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const redisExporterPorts = await Promise.all(redisUrls.map(() => freePort()));
  const port = Number(prometheusPort) || (await freePort());
  const at = (p) => `127.0.0.1:${p}`;
  const ready = (what, url, child, timeoutMs) => waitForHttp(url, { what, child, timeoutMs, requestTimeoutMs: 2_000 });

  const nginxExporter = run('nginx-ex', MONITORING_BINARIES.nginxExporter[0], ['-nginx.scrape-uri', statusUrl, '-web.listen-address', at(nginxExporterPort)]);
  // One exporter per state server: the exporter watches one address.
  const redisExporters = redisUrls.map((redisUrl, index) =>
    run(`redis-ex${index ? index + 1 : ''}`, MONITORING_BINARIES.redisExporter[0], ['-redis.addr', redisUrl, '-web.listen-address', at(redisExporterPorts[index])]),
  );
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

  // Each probed page asked once first: the first render after a start takes seconds on a busy
  // machine, which the probes would count against the latency objective.
  await Promise.all(PROBES.map(({ path: at }) => fetch(new URL(at, edgeUrl), { signal: AbortSignal.timeout(20_000) }).then((answer) => answer.arrayBuffer(), () => undefined)));
  const blackbox = run('blackbox', MONITORING_BINARIES.blackbox[0], [
    `--config.file=${path.join(root, 'deploy/blackbox/blackbox.yml')}`,
    `--web.listen-address=${at(blackboxPort)}`,
    '--log.level=warn',
  ]);

  // Alertmanager, alone (no cluster port), its state in the topology's dir.
  const amDir = path.join(stateDir, 'alertmanager');
  mkdirSync(amDir, { recursive: true });
  const amConfig = path.join(amDir, 'alertmanager.yml');
  writeFileSync(amConfig, alertmanagerConfig({ ...alerting, webhookUrl: alerting.webhookUrl ?? process.env.ALERT_WEBHOOK_URL }));
  const alertmanager = run('alertmgr', MONITORING_BINARIES.alertmanager[0], [
    `--config.file=${amConfig}`,
    `--storage.path=${path.join(amDir, 'data')}`,
    `--web.listen-address=${at(alertmanagerPort)}`,
    '--cluster.listen-address=',
    '--log.level=warn',
  ]);

  const dir = path.join(stateDir, 'prometheus');
  mkdirSync(dir, { recursive: true });
  const rules = path.join(dir, 'alerts.yml');
  writeFileSync(rules, alertRules(alerting));
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(
    config,
    JSON.stringify(
      prometheusConfig({
        scrapeSeconds,
        instances,
        nginxExporter: at(nginxExporterPort),
        redisExporters: redisExporterPorts.map(at),
        mtail: at(mtailPort),
        prometheus: at(port),
        rules,
        alertmanager: at(alertmanagerPort),
        blackbox: at(blackboxPort),
        edgeUrl,
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
    ready('prometheus-nginx-exporter', `http://${at(nginxExporterPort)}/metrics`, nginxExporter, 20_000),
    ...redisExporters.map((exporter, index) => ready('prometheus-redis-exporter', `http://${at(redisExporterPorts[index])}/metrics`, exporter, 20_000)),
    ready('mtail', `http://${at(mtailPort)}/metrics`, mtail, 20_000),
    ready('prometheus-blackbox-exporter', `http://${at(blackboxPort)}/metrics`, blackbox, 20_000),
    ready('prometheus-alertmanager', `http://${at(alertmanagerPort)}/-/ready`, alertmanager, 30_000),
    ready('prometheus', `${url}/-/ready`, prometheus, 60_000),
  ]);
  return {
    url,
    alertmanagerUrl: `http://${at(alertmanagerPort)}`,
    exporters: { nginx: at(nginxExporterPort), redis: redisExporterPorts.map(at), mtail: at(mtailPort), blackbox: at(blackboxPort) },
  };
}
