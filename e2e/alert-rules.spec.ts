import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * The alert rules of deploy/prometheus (docs/observability.md): they load, and each alert fires on
 * synthetic series that should page someone and stays quiet on series just inside its bound
 * (alerts.test.yml). Debian's promtool, installed by scripts/ensure-test-tools.ts.
 */

const dir = path.resolve(__dirname, '../deploy/prometheus');
const promtool = (...args: string[]) => spawnSync('/usr/bin/promtool', args, { cwd: dir, encoding: 'utf8', timeout: 60_000 });

test('promtool check rules: every rule of alerts.yml is valid', () => {
  const result = promtool('check', 'rules', 'alerts.yml');
  expect(result.status, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toMatch(/SUCCESS: \d+ rules found/);
});

test('promtool test rules: each alert fires where it should and stays quiet where it should not', () => {
  const result = promtool('test', 'rules', 'alerts.test.yml');
  expect(result.status, result.stdout + result.stderr).toBe(0);
  // Every alert of alerts.yml has a test of its own, firing and not firing.
  const alerts = [...readFileSync(path.join(dir, 'alerts.yml'), 'utf8').matchAll(/- alert: (\w+)/g)].map(([, name]) => name!);
  const tests = readFileSync(path.join(dir, 'alerts.test.yml'), 'utf8');
  for (const alert of alerts) {
    expect(tests, alert).toMatch(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts:\\n\\s+- exp_labels`));
    expect(tests, alert).toMatch(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts: \\[\\]`));
  }
});

test('promtool check config: the stack\'s Prometheus configuration is valid, with its rules', () => {
  const dirCopy = mkdtempSync(path.join(os.tmpdir(), 'prometheus-config-'));
  try {
    // As the image lays them out (/etc/prometheus), here in a folder of its own.
    writeFileSync(path.join(dirCopy, 'alerts.yml'), readFileSync(path.join(dir, 'alerts.yml')));
    writeFileSync(path.join(dirCopy, 'prometheus.yml'), readFileSync(path.join(dir, 'prometheus.yml'), 'utf8').replace('/etc/prometheus/alerts.yml', path.join(dirCopy, 'alerts.yml')));
    const result = promtool('check', 'config', path.join(dirCopy, 'prometheus.yml'));
    expect(result.status, result.stdout + result.stderr).toBe(0);
  } finally {
    rmSync(dirCopy, { recursive: true, force: true });
  }
});
