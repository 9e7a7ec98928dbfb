import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * The alert rules of deploy/prometheus and Alertmanager's routes (docs/observability.md): they
 * load; each alert fires on synthetic series that should tell someone and stays quiet on series
 * inside its bound (alerts.test.yml, alerts.3d.test.yml); each has a description, a runbook in
 * docs/observability.md and a severity Alertmanager routes to its receiver (amtool). Debian's
 * promtool and amtool, installed by scripts/ensure-test-tools.ts.
 */

const root = path.resolve(__dirname, '..');
const dir = path.join(root, 'deploy/prometheus');
const alertmanagerConfig = path.join(root, 'deploy/alertmanager/alertmanager.yml');
const promtool = (...args: string[]) => spawnSync('/usr/bin/promtool', args, { cwd: dir, encoding: 'utf8', timeout: 120_000 });
const amtool = (...args: string[]) => spawnSync('/usr/bin/amtool', args, { cwd: root, encoding: 'utf8', timeout: 30_000 });

const rulesText = readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
/** Each alert of alerts.yml with its severity and annotations (read from the file's fixed layout). */
const alerts = rulesText
  .split(/\n\s+- alert: /)
  .slice(1)
  .map((block) => ({
    name: /^\w+/.exec(block)![0],
    severity: /severity: (\w+)/.exec(block)?.[1],
    description: /description: "(.*)"/.exec(block)?.[1],
    runbook: /runbook_url: "(.*)"/.exec(block)?.[1],
  }));

test('promtool check rules: every rule of alerts.yml is valid', () => {
  const result = promtool('check', 'rules', 'alerts.yml');
  expect(result.status, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toMatch(/SUCCESS: \d+ rules found/);
});

test('promtool test rules: each alert fires where it should and stays quiet where it should not', () => {
  test.setTimeout(180_000);
  const result = promtool('test', 'rules', 'alerts.test.yml', 'alerts.3d.test.yml');
  expect(result.status, result.stdout + result.stderr).toBe(0);
  // Every alert of alerts.yml has a test of its own, firing and not firing.
  const tests = ['alerts.test.yml', 'alerts.3d.test.yml'].map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
  expect(alerts.length).toBeGreaterThan(20);
  for (const { name } of alerts) {
    expect(tests, name).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels`));
    expect(tests, name).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts: \\[\\]`));
  }
});

test('every alert: a severity Alertmanager knows, a description with its figure, a runbook section in docs/observability.md', () => {
  const docs = readFileSync(path.join(root, 'docs/observability.md'), 'utf8');
  for (const { name, severity, description, runbook } of alerts) {
    expect(['page', 'ticket'], name).toContain(severity);
    expect(description, name).toMatch(/\{\{ \$value/);
    expect(runbook, name).toBe(`docs/observability.md#${name.toLowerCase()}`);
    // The heading GitHub makes that anchor of, with what it means, what to check and what to do.
    const section = new RegExp(`\\n#### ${name}\\n([\\s\\S]*?)(?=\\n#{2,4} |$)`).exec(docs)?.[1];
    expect(section, `docs/observability.md has no "#### ${name}"`).toBeDefined();
    expect(section, name).toMatch(/\*\*Means\*\*/);
    expect(section, name).toMatch(/\*\*Check\*\*/);
    expect(section, name).toMatch(/\*\*Do\*\*/);
  }
});

test('amtool check-config: Alertmanager\'s configuration is valid, and its inhibitions name alerts that exist', () => {
  const result = amtool('check-config', alertmanagerConfig);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toMatch(/SUCCESS/);
  // An alert renamed in alerts.yml and not here would silently stop being held back.
  const config = readFileSync(alertmanagerConfig, 'utf8');
  const named = [...config.matchAll(/alertname=~?"([^"]+)"/g)].flatMap(([, names]) => names!.split('|'));
  expect(named.length).toBeGreaterThan(10);
  for (const name of named) expect(alerts.map((alert) => alert.name), name).toContain(name);
});

test('amtool check-config: the topology\'s variants (no receiver; a test\'s receiver and timings) are valid too', async () => {
  // Imported when run: an ES module of its own, which the test loader would not compile.
  const { alertmanagerConfig: variant } = await import('../scripts/monitoring.mjs');
  const dirCopy = mkdtempSync(path.join(os.tmpdir(), 'alertmanager-config-'));
  try {
    for (const [name, options] of Object.entries({ none: {}, test: { webhookUrl: 'http://127.0.0.1:9', groupWaitSeconds: 3, groupIntervalSeconds: 2 } })) {
      const file = path.join(dirCopy, `${name}.yml`);
      writeFileSync(file, variant(options));
      const result = amtool('check-config', file);
      expect(result.status, name + result.stdout + result.stderr).toBe(0);
    }
  } finally {
    rmSync(dirCopy, { recursive: true, force: true });
  }
});

test('amtool config routes test: pages reach the pager, tickets the queue, each alert by its severity', () => {
  const route = (...labels: string[]) => {
    const result = amtool('config', 'routes', 'test', `--config.file=${alertmanagerConfig}`, ...labels);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    return result.stdout.trim();
  };
  expect(route('severity=page', 'alertname=RedisDown')).toBe('page');
  expect(route('severity=ticket', 'alertname=TargetDown')).toBe('ticket');
  // An alert without a severity still reaches someone: the ticket queue.
  expect(route('alertname=Unlabelled')).toBe('ticket');
  for (const { name, severity } of alerts) expect(route(`alertname=${name}`, `severity=${severity}`), name).toBe(severity);
});

test('promtool check config: the Swarm stack\'s Prometheus configuration is valid, with its rules and Alertmanager', () => {
  const dirCopy = mkdtempSync(path.join(os.tmpdir(), 'prometheus-config-'));
  try {
    // As the image lays them out (/etc/prometheus), here in a folder of its own.
    writeFileSync(path.join(dirCopy, 'alerts.yml'), readFileSync(path.join(dir, 'alerts.yml')));
    const config = readFileSync(path.join(dir, 'prometheus.yml'), 'utf8');
    expect(config).toMatch(/alerting:\n\s+alertmanagers:/);
    expect(config).toContain('job_name: blackbox');
    writeFileSync(path.join(dirCopy, 'prometheus.yml'), config.replace('/etc/prometheus/alerts.yml', path.join(dirCopy, 'alerts.yml')));
    const result = promtool('check', 'config', path.join(dirCopy, 'prometheus.yml'));
    expect(result.status, result.stdout + result.stderr).toBe(0);
  } finally {
    rmSync(dirCopy, { recursive: true, force: true });
  }
});

test('the blackbox exporter\'s modules load', () => {
  const result = spawnSync('/usr/bin/prometheus-blackbox-exporter', ['--config.check', `--config.file=${path.join(root, 'deploy/blackbox/blackbox.yml')}`], { encoding: 'utf8', timeout: 30_000 });
  expect(result.status, result.stdout + result.stderr).toBe(0);
});
