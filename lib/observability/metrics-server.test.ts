import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ port: 0 }));
vi.mock('@/lib/server/config', () => ({ getConfig: () => ({ metrics: { port: state.port, host: '127.0.0.1' }, logLevel: 'silent', release: 'test-release' }) }));

const { startMetricsServer } = await import('@/lib/observability/metrics-server');
const { metrics } = await import('@/lib/observability/metrics');

/** curl in a process of its own, with this thread blocked until it ends (execFileSync): as a scrape meets a busy instance. */
const curl = (path: string) => execFileSync('curl', ['-s', '--max-time', '2', '-o', '/dev/null', '-w', '%{http_code} %{time_total}', `http://127.0.0.1:${state.port}${path}`], { encoding: 'utf8' }).split(' ');

beforeAll(async () => {
  state.port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  startMetricsServer({ staleAfterMs: 1_000 });
  await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${state.port}/metrics`)).status).toBe(200), { timeout: 5_000 });
});

describe('the metrics listener', () => {
  it('serves the exposition at /metrics and nothing else', async () => {
    metrics()!.rateLimited.inc({ budget: 'codeSendIp' });
    const answer = await fetch(`http://127.0.0.1:${state.port}/metrics`);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(text).toContain('basvuru_rate_limit_refusals_total{budget="codeSendIp"} 1');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    for (const path of ['/', '/metrics/x', '/api/health/live']) expect((await fetch(`http://127.0.0.1:${state.port}${path}`)).status, path).toBe(404);
  });

  it('answers a scrape at once while the instance\'s own thread is busy, with the figures it last gave', () => {
    // This thread is blocked for the whole of each scrape: the listener's thread answers alone.
    for (let i = 0; i < 5; i++) {
      const [status, seconds] = curl('/metrics');
      expect(status).toBe('200');
      expect(Number(seconds)).toBeLessThan(0.5);
    }
    expect(curl('/nowhere')[0]).toBe('404');
  });

  it('says how old its figures are, and refuses the scrape once the instance\'s thread has not answered for staleAfterMs', async () => {
    const text = await (await fetch(`http://127.0.0.1:${state.port}/metrics`)).text();
    expect(Number(/^basvuru_metrics_age_seconds (\S+)$/m.exec(text)?.[1])).toBeLessThan(1);
    // This thread blocked for 1.5 s, then the scrape: its last figures are older than the 1 s allowed.
    const [status] = execFileSync('bash', ['-c', `sleep 1.5; curl -s --max-time 2 -o /dev/null -w '%{http_code}' http://127.0.0.1:${state.port}/metrics`], { encoding: 'utf8' }).split(' ');
    expect(status).toBe('503');
    // Answering again: fresh figures.
    await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${state.port}/metrics`)).status).toBe(200));
  });
});
