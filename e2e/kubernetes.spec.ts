import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURE_CUSTOMERS } from '@/sandbox/fixtures';
import { kustomize } from '../deploy/kubernetes/kubectl';
import { forPodman } from '../deploy/kubernetes/podman';
import { podmanImages } from '../deploy/kubernetes/podman-images';
import type { Manifest } from '../deploy/kubernetes/policies';
import { parseAllDocuments } from 'yaml';
import { freePort, waitUntil } from '../scripts/ports.cjs';
import { bffPost } from './support/api';
import { acceptConsents, confirmCommitment } from './support/consents';
import { randomMail, randomPhone } from './support/people';
import { chooseAddress, fillIdentity, newApplicant, verifyContact } from './support/wizard';

/*
 * The demo overlay's pods, run by podman (`podman kube play`), as a cluster would run them but on
 * this machine (deploy/kubernetes/podman.ts says what stands in for the control plane): a customer
 * logs in and a new application reaches its finish line in Chromium through the edge pod, then an
 * app pod is stopped as a kubelet stops it and drains (readiness 503 first, the request in flight
 * answered), and `podman kube down` takes everything away. Everything runs on a network this test creates; only the edge's and one app pod's
 * ports are published, on 127.0.0.1. Costs about 90 s with the images built, about 3 minutes more
 * for their first build.
 */
test.describe.configure({ mode: 'serial' });

const here = path.resolve(__dirname, '..');
const network = `ob-kube-${process.pid}`;
let work = '';
let env: NodeJS.ProcessEnv = process.env;
let files = { infra: '', app: '', edge: '' };
let edgeURL = '';
let appURL = '';
let appPods: string[] = [];
let played = false;

function podman(args: string[], { check = true } = {}): string {
  const result = spawnSync('podman', args, { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (check && result.status !== 0) throw new Error(`podman ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-3000)}`);
  return result.stdout.trim();
}

/** A sandbox hook (docs/sandbox.md), asked inside the sandbox pod on its loopback, behind its TLS. */
function sandboxHook<T>(hookPath: string, body?: unknown): T {
  const script = `const token = require('fs').readFileSync(process.env.API_SERVICE_TOKEN_FILE, 'utf8').trim();
fetch('http://127.0.0.1:41900' + process.argv[1], { method: process.argv[2] ? 'POST' : 'GET', headers: { 'X-Service-Token': token, 'Content-Type': 'application/json' }, body: process.argv[2] || undefined })
  .then(async (r) => { const text = await r.text(); if (!r.ok) { console.error(r.status, text); process.exit(1); } console.log(text); }, (e) => { console.error(e.message); process.exit(1); });`;
  return JSON.parse(podman(['exec', 'sandbox-sandbox', 'node', '-e', script, hookPath, ...(body === undefined ? [] : [JSON.stringify(body)])])) as T;
}

const latestCode = (to: string) => sandboxHook<{ data: { code: string }[] }>(`/__sandbox/outbox?to=${encodeURIComponent(to)}`).data[0]!.code;

/** Readiness of an app pod, asked inside it. */
function readyInside(pod: string): number {
  const result = spawnSync('podman', ['exec', `${pod}-app`, 'node', '-e', "fetch('http://127.0.0.1:3000/api/health/ready').then((r) => console.log(r.status), () => console.log(0))"], { env, encoding: 'utf8' });
  return Number(result.stdout.trim() || 0);
}

/** Waits for `check`, asked every half second; a failure shows the containers. */
const until = (what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) =>
  waitUntil(what, check, { timeoutMs, intervalMs: 500, detail: () => `\n${podman(['ps', '-a', '--format', '{{.Names}} {{.Status}}'], { check: false })}` });

/** A GET's status on a connection of its own (as a kubelet probes), 0 when refused or silent. */
const answers = (url: string) => new Promise<number>((resolve) => {
  const request = http.get(url, { agent: false, timeout: 3_000 }, (response) => {
    response.resume();
    resolve(response.statusCode ?? 0);
  });
  request.on('timeout', () => request.destroy());
  request.on('error', () => resolve(0));
});

test.beforeAll(async () => {
  // Building the images the first time (debootstrap, apt-get) takes minutes; playing them, seconds.
  test.setTimeout(600_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'ob-kube-'));
  const conf = path.join(work, 'containers.conf');
  env = { ...process.env, CONTAINERS_CONF: conf };
  files = { infra: path.join(work, 'infra.yaml'), app: path.join(work, 'app.yaml'), edge: path.join(work, 'edge.yaml') };
  // runc: crun refuses this kind of machine's hybrid cgroups; no ulimits: the machine lacks
  // CAP_SYS_RESOURCE; the infra containers from an image of our own, so no catatonit is needed.
  writeFileSync(conf, '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\ninfra_image = "localhost/online-basvuru-pause:1"\n');
  const images = await podmanImages(env, (line) => console.log(line));

  const [edgePort, appPort] = [await freePort(), await freePort()];
  edgeURL = `http://localhost:${edgePort}`;
  appURL = `http://127.0.0.1:${appPort}`;
  const rendered = parseAllDocuments(kustomize(path.join(here, 'deploy', 'kubernetes', 'overlays', 'demo'))).map((document) => document.toJS() as Manifest);
  // The demo on this port rather than 8080: its public origin says so.
  for (const object of rendered) {
    if (object.kind === 'ConfigMap' && object.metadata.name.startsWith('app-config')) object.data!.SITE_URL = edgeURL;
  }

  // The secrets a platform team makes: fresh ones, and a certificate for the sandbox's name.
  const password = randomBytes(24).toString('hex');
  spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=sandbox', '-addext', 'subjectAltName=DNS:sandbox', '-keyout', path.join(work, 'tls.key'), '-out', path.join(work, 'tls.crt')], { stdio: 'ignore' });
  const play = forPodman(rendered, {
    root: path.join(work, 'volumes'),
    images: { 'online-basvuru': images.app, 'online-basvuru-parts': images.parts, 'online-basvuru-demo-upstream': images.upstream },
    secrets: {
      'online-basvuru': {
        'session-secret': randomBytes(32).toString('hex'),
        'revalidate-secret': randomBytes(32).toString('hex'),
        'api-service-token': randomBytes(16).toString('hex'),
        'redis-password': password,
        'redis-url': `redis://:${password}@redis-state:6379`,
        'redis-cache-url': `redis://:${password}@redis-cache:6379`,
      },
      'demo-upstream-tls': { 'tls.crt': readFileSync(path.join(work, 'tls.crt'), 'utf8'), 'tls.key': readFileSync(path.join(work, 'tls.key'), 'utf8') },
    },
    imageCommands: { [images.app]: JSON.parse(podman(['image', 'inspect', '--format', '{{json .Config.Cmd}}', images.app])) as string[] },
    edgePort,
    appPort,
    publicHost: `localhost:${edgePort}`,
  });
  appPods = play.appPods;
  for (const group of ['infra', 'app', 'edge'] as const) writeFileSync(files[group], play[group]);

  podman(['network', 'create', network]);
  played = true;
  podman(['kube', 'play', '--network', network, files.infra]);
  podman(['kube', 'play', '--network', network, files.app]);
  await until('the app pods ready', () => appPods.every((pod) => readyInside(pod) === 200), 120_000);
  // nginx resolves the app pods' names as it starts: after them.
  podman(['kube', 'play', '--network', network, files.edge]);
  await until('the edge answering', async () => (await answers(`${edgeURL}/`)) === 200, 60_000);
});

test.afterAll(() => {
  if (played) {
    for (const group of ['edge', 'app', 'infra'] as const) podman(['kube', 'down', files[group]], { check: false });
    podman(['network', 'rm', '-f', network], { check: false });
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test('through the edge pod: a customer logs in, and a new application reaches its finish line', async ({ page, browser }) => {
  test.slow();
  const customer = FIXTURE_CUSTOMERS.approved;
  await page.goto(`${edgeURL}/#giris`);
  const login = page.getByRole('dialog', { name: 'Giriş Yap' });
  await login.getByLabel('TC Kimlik No').fill(customer.nationality_number);
  await login.getByRole('button', { name: 'Giriş Yap' }).click();
  await expect(login.getByLabel('SMS Kodu')).toBeFocused();
  await login.getByLabel('SMS Kodu').fill(latestCode(customer.phone));
  await login.getByRole('button', { name: 'Kodu Onayla' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('banner')).toContainText('Ayşe');
  // The session holds on whichever app pod a request lands: three page loads, round robin.
  for (let load = 0; load < 3; load++) {
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('Ayşe');
  }

  const context = await browser.newContext();
  const applicant = await context.newPage();
  await applicant.goto(`${edgeURL}/`);
  await applicant.getByRole('link', { name: 'Yeni Başvuru' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Yeni Başvuru' })).toBeVisible();
  await chooseAddress(applicant, 'Daire 2');
  await expect(applicant.getByText('Altyapınız 100 Mbps hıza kadar destekliyor.')).toBeVisible();
  await applicant.getByRole('button', { name: 'Paket Seç' }).click();
  await applicant.getByRole('radio').first().check();
  await applicant.getByLabel('Kurulum ücreti ödeme yöntemi').selectOption({ label: '12 X 150 TL' });
  await applicant.getByRole('button', { name: 'Nüfus Bilgilerini Ekle' }).click();
  await fillIdentity(applicant, newApplicant());
  await applicant.getByRole('button', { name: 'İletişim Bilgilerini Ekle' }).click();
  await applicant.getByRole('button', { name: 'Eklemeden Devam Et' }).click();
  await confirmCommitment(applicant);
  await expect(applicant.getByRole('heading', { name: 'İletişim bilgileriniz' })).toBeVisible();
  await verifyContact(applicant, 'phone', randomPhone(), latestCode);
  await verifyContact(applicant, 'mail', randomMail(), latestCode);
  await acceptConsents(applicant);
  await applicant.getByRole('button', { name: 'Kaydı Tamamla' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Başvurunuz alındı' })).toBeFocused();
  await expect(applicant.getByText(/^Başvuru numaranız: \d+/)).toBeVisible();
  await context.close();
});

/*
 * A kubelet stopping a pod sends SIGTERM and keeps the pod's network until its containers exit.
 * Podman 4.3's `kube down` and `pod stop` take the pod's network down first (its address leaves the
 * DNS and the published port at once) and kill after 10 s whatever terminationGracePeriodSeconds says,
 * so the stop is sent here as the kubelet sends it: SIGTERM to the app container, then `kube down`.
 */
test('an app pod stopped as the kubelet stops it drains: readiness 503 first, the request in flight answered, then it exits by itself', async ({ playwright }) => {
  // A login start the upstream answers in 12 s (never reused, unlike settings), longer than the
  // 10 s drain, sent to the first app pod; then the stop.
  const client = await playwright.request.newContext({ baseURL: appURL, timeout: 60_000 });
  sandboxHook('/__sandbox/slow', { ms: 12_000 });
  const started = Date.now();
  const inFlight = bffPost(client, '/customers/auth-start', { nationality_number: FIXTURE_CUSTOMERS.notSent.nationality_number }, appURL)
    .then((response) => ({ status: response.status(), afterMs: Date.now() - started }));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await answers(`${appURL}/api/health/ready`)).toBe(200);
  const container = `${appPods[0]}-app`;
  podman(['kill', '--signal', 'SIGTERM', container]);
  await until('readiness 503 while draining', async () => (await answers(`${appURL}/api/health/ready`)) === 503, 5_000);
  // Not ready, but still serving new connections for the drain, while the endpoint leaves the Service.
  expect(await answers(`${appURL}/api/health/live`)).toBe(200);
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(answer.afterMs).toBeGreaterThan(11_000);
  sandboxHook('/__sandbox/slow', { ms: 0 });
  // It exits by itself once nothing is in flight, long before the grace (150 s), with status 0
  // (podman then starts it again, by the pod's restart policy, where a kubelet would not).
  const died = () => podman(['events', '--stream=false', '--since', `${Math.ceil((Date.now() - started) / 1000) + 2}s`, '--filter', `container=${container}`, '--filter', 'event=died', '--format', '{{.ContainerExitCode}}']);
  await until('the app container exited', () => died() !== '', 30_000);
  expect(died().split('\n')).toEqual(['0']);
  expect(podman(['logs', container])).toMatch(/stopping: not ready, draining/);
  podman(['kube', 'down', files.app]);
  await client.dispose();
});
