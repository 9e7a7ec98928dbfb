import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertmanagerConfig, alertRules, PROBES, prometheusConfig } from './monitoring.mjs';

const root = path.resolve(import.meta.dirname, '..');
const targets = { nginxExporter: 'n', redisExporters: ['r'], mtail: 'm', prometheus: 'p', rules: 'alerts.yml', alertmanager: 'a:9093', blackbox: 'b:9115', edgeUrl: 'http://127.0.0.1:8080' };

describe('the Prometheus of the topology', () => {
  it('scrapes the same jobs on one machine (npm run start:edge) as in the Swarm stack, and sends alerts to Alertmanager', () => {
    const local = prometheusConfig({ scrapeSeconds: 2, instances: ['127.0.0.1:1', '127.0.0.1:2'], ...targets });
    const stack = readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8');
    const stackJobs = [...stack.matchAll(/job_name: (\S+)/g)].map(([, name]) => name);
    expect(local.scrape_configs.map((job: { job_name: string }) => job.job_name)).toEqual(stackJobs);
    expect(local.alerting.alertmanagers[0]!.static_configs[0]!.targets).toEqual(['a:9093']);
    // A scrape never outlasts its interval (Prometheus refuses such a configuration).
    expect(local.global).toEqual({ scrape_interval: '2s', evaluation_interval: '2s', scrape_timeout: '2s' });
    expect(prometheusConfig({ scrapeSeconds: 15, instances: [], ...targets }).global.scrape_timeout).toBe('10s');
  });

  it('probes the same pages through the edge as the Swarm stack does', () => {
    const local = prometheusConfig({ scrapeSeconds: 2, instances: [], ...targets });
    const probes = local.scrape_configs.find((job: { job_name: string }) => job.job_name === 'blackbox')!.static_configs;
    expect(probes.map(({ targets: [target], labels }) => `${labels!.probe} ${labels!.__param_module} ${target}`)).toEqual([
      'home page http://127.0.0.1:8080/',
      'how-to page http://127.0.0.1:8080/nasil-yapilir',
      'bff-read bff_read http://127.0.0.1:8080/api/v1/app-settings/countries',
    ]);
    const stack = readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8');
    for (const { probe, path: at, module } of PROBES) expect(stack).toContain(`- targets: ["http://edge:8080${at}"]\n        labels: { probe: ${probe}, __param_module: ${module} }`);
  });
});

describe('the Alertmanager of the topology', () => {
  it('is deploy/alertmanager/alertmanager.yml with its webhooks pointed at the given receiver', () => {
    const deployed = readFileSync(path.join(root, 'deploy/alertmanager/alertmanager.yml'), 'utf8');
    const local = alertmanagerConfig({ webhookUrl: 'http://127.0.0.1:5000/' });
    expect(local).toBe(deployed.replaceAll('http://alert-bridge:9095', 'http://127.0.0.1:5000'));
    expect(local).toContain('url: http://127.0.0.1:5000/page');
  });

  it('without a receiver, keeps the routes and inhibitions and leaves the webhooks out', () => {
    const local = alertmanagerConfig();
    expect(local).not.toContain('webhook_configs');
    expect(local).toContain('inhibit_rules:');
    expect(local).toMatch(/- name: page\n/);
  });

  it('shortens the group timings for a test, and only those', () => {
    const local = alertmanagerConfig({ webhookUrl: 'http://x', groupWaitSeconds: 3, groupIntervalSeconds: 2 });
    expect([...local.matchAll(/group_wait: (\S+)/g)].map(([, value]) => value)).toEqual(['3s', '3s', '3s']);
    expect([...local.matchAll(/group_interval: (\S+)/g)].map(([, value]) => value)).toEqual(['2s', '2s', '2s']);
    expect(local).toContain('repeat_interval: 1h');
  });

  it('divides every rule\'s for and keep_firing_for for a test, at least 1 s', () => {
    expect(alertRules()).toBe(readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8'));
    const fast = alertRules({ forDivisor: 30 });
    expect(fast).toMatch(/- alert: RedisDown\n\s+expr: redis_up == 0\n\s+for: 2s\n\s+keep_firing_for: 4s\n/);
    expect(fast).toMatch(/- alert: AvailabilityBurnSlow\n[\s\S]*?for: 120s\n/);
    expect(fast).not.toMatch(/for: \d+[mh]$/m);
  });
});

describe('alert rules left out for a test', () => {
  it('drops exactly the named alerts', () => {
    const rules = alertRules({ withoutAlerts: ['LatencyBurnFast', 'LatencyBurnSlow'] });
    const names = (text: string) => [...text.matchAll(/- alert: (\w+)/g)].map(([, name]) => name);
    expect(names(rules)).toEqual(names(alertRules()).filter((name) => !name!.startsWith('LatencyBurn')));
    expect(rules).toContain('record: edge:request_slow:ratio_rate5m');
  });
});
