import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prometheusConfig } from './monitoring.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('the Prometheus of the topology', () => {
  it('scrapes the same jobs on one machine (npm run start:edge) as in the stack', () => {
    const local = prometheusConfig({ scrapeSeconds: 2, instances: ['127.0.0.1:1', '127.0.0.1:2'], nginxExporter: 'n', redisExporter: 'r', mtail: 'm', prometheus: 'p', rules: 'alerts.yml' });
    const compose = readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8');
    const composeJobs = [...compose.matchAll(/job_name: (\S+)/g)].map(([, name]) => name);
    expect(local.scrape_configs.map((job: { job_name: string }) => job.job_name)).toEqual(composeJobs);
    // A scrape never outlasts its interval (Prometheus refuses such a configuration).
    expect(local.global).toEqual({ scrape_interval: '2s', evaluation_interval: '2s', scrape_timeout: '2s' });
    expect(prometheusConfig({ scrapeSeconds: 15, instances: [], nginxExporter: '', redisExporter: '', mtail: '', prometheus: '', rules: '' }).global.scrape_timeout).toBe('10s');
  });
});
