// Where an instance's CPU goes per BFF call: the production topology (servers.mjs's
// startEdgeTopology: nginx, two instances, Redis, the sandbox) with each instance's inspector open
// on a loopback port, V8's sampling profiler on in both for exactly the measured run of each
// target (server-cost.mjs's `measure`: wrk through the edge), and the profiles summed per target:
// self time by function and by area (a package, Next.js's machinery, our lib/…), per answer.
// The address list, the forwarded call and the bare route handler are profiled in one topology,
// one after the other, so their difference is the BFF's own work. The .cpuprofile files stay in
// bench/.work/profiles (Chrome DevTools' Performance panel, or `speedscope`, open them).
//
// Not --cpu-prof: it profiles a whole process life, start-up and warm-up included, one file per
// exit, where the inspector's Profiler.start/stop cut each target's run out of one running topology.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processTree } from './processes.mjs';
import { difference, sourceResolver, summarise } from './profile-summary.mjs';
import { bffHeaders, customerCookie, documentHeaders, doorInfrastructureBody, FLOOR_PATH, INFRASTRUCTURE_PATH, infrastructureBody, measure, xsrfToken } from './server-cost.mjs';
import { root, startEdgeTopology, workDir } from './servers.mjs';

/** Microseconds between samples: a call costs about a millisecond. */
const SAMPLING_US = 200;

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`no inspector at ${url}`)), { once: true });
  });
  let last = 0;
  const pending = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  return {
    send(method, params = {}) {
      const id = ++last;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    close: () => socket.close(),
  };
}

/** The instances' inspector addresses, as each wrote it on start ("Debugger listening on ws://…"). */
async function inspectorUrls(logFile, count) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const urls = [...readFileSync(logFile, 'utf8').matchAll(/Debugger listening on (ws:\/\/\S+)/g)].map((match) => match[1]);
    if (urls.length >= count) return urls.slice(-count);
    if (Date.now() > deadline) throw new Error(`${logFile} names ${urls.length} inspector(s), not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The targets of the BFF's cost through one topology (as server-cost.mjs's measureEdgeCost makes
 * them): the address list and the forwarded call, through the BFF and through its floor (the same
 * body forwarded by a bare route handler), and the minimal route handler.
 */
export async function bffTargets(topology) {
  const url = topology.loopbackUrl;
  const token = await xsrfToken(url);
  const doorBody = await doorInfrastructureBody(topology.sandbox);
  const through = (prefix, body) => ({ url: `${url}${prefix}${INFRASTRUCTURE_PATH}`, method: 'POST', headers: bffHeaders(token), body });
  // A build made before the floor (another one's, `--against`) has none: measured without it.
  const floor = through(FLOOR_PATH, doorBody);
  const hasFloor = (await fetch(floor.url, { method: 'POST', headers: floor.headers, body: floor.body }).then((response) => response.arrayBuffer().then(() => response.ok))) === true;
  return {
    bff: through('/api/v1', infrastructureBody),
    bffForwarded: through('/api/v1', doorBody),
    ...(hasFloor ? { floor: through(FLOOR_PATH, infrastructureBody), floorForwarded: floor } : {}),
    route: { url: `${url}/api/health/live` },
  };
}

/** A logged-in customer's view of `/`, past the edge's cache (a fixture customer, logged in as a browser does). */
export async function customerTargets(topology) {
  const cookie = await customerCookie(topology.loopbackUrl, topology.sandbox);
  return { pageCustomer: { url: `${topology.loopbackUrl}/`, headers: { ...documentHeaders, Cookie: cookie } } };
}

/**
 * Profiles the address list, the forwarded call and the minimal route handler through the edge
 * (`seconds` each at `connections`), and answers each one's self time per answer by area and
 * function, and the two BFF calls' difference from the handler.
 */
export async function profileBff(options) {
  const profiled = await profileTargets({ ...options, targetsOf: bffTargets });
  const { targets } = profiled;
  return {
    ...profiled,
    extra: {
      bff: difference(targets.bff, targets.route),
      bffForwarded: difference(targets.bffForwarded, targets.route),
      ...(targets.floor ? { bffFloor: difference(targets.bff, targets.floor), bffForwardedFloor: difference(targets.bffForwarded, targets.floorForwarded) } : {}),
    },
  };
}

/**
 * `targetsOf(topology)`'s targets, each profiled through the edge of a topology of `distName`'s
 * build; `settings` (servers.mjs's startEdgeTopology: observability, accessLogs, instanceEnv) are
 * the topology's.
 */
export async function profileTargets({ distName, targetsOf, log, seconds = 10, connections = 50, warmupSeconds = 2, settings = {} }) {
  const topology = await startEdgeTopology(distName, { name: 'profile', ...settings, instanceEnv: { ...settings.instanceEnv, NODE_OPTIONS: '--inspect=127.0.0.1:0' } });
  const sessions = [];
  try {
    const urls = await inspectorUrls(topology.instancesLog, topology.instancePids().length);
    for (const url of urls) sessions.push(await inspector(url));
    for (const session of sessions) {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    }
    const targets = await targetsOf(topology);
    // The bench's own process too: the instances' output passes through it on its way to the log.
    const cpu = { instances: async () => (await Promise.all(topology.instancePids().map(processTree))).flat(), bench: async () => [process.pid] };
    const dir = path.join(workDir, 'profiles');
    mkdirSync(dir, { recursive: true });
    const resolve = sourceResolver(path.join(root, distName));
    const summaries = {};
    for (const [key, target] of Object.entries(targets)) {
      let profiles = [];
      const around = {
        start: () => Promise.all(sessions.map((session) => session.send('Profiler.start'))),
        stop: async () => {
          profiles = (await Promise.all(sessions.map((session) => session.send('Profiler.stop')))).map((answer) => answer.profile);
        },
      };
      const figures = await measure(target, { duration: seconds, connections, warmupSeconds, cpu, around });
      profiles.forEach((profile, index) => writeFileSync(path.join(dir, `${key}-${path.basename(distName)}${settings.name ? `-${settings.name}` : ''}-app${index + 1}.cpuprofile`), JSON.stringify(profile)));
      summaries[key] = { ...summarise(profiles, figures.requests, resolve), requestsPerSecond: figures.requestsPerSecond, cpuMsPerAnswer: figures.cpuMsPerAnswer.instances, benchCpuMsPerAnswer: figures.cpuMsPerAnswer.bench, errors: figures.errors, non2xx: figures.non2xx };
      const top = Object.entries(summaries[key].areas).slice(0, 6).map(([area, ms]) => `${area} ${ms}`).join(', ');
      log(`  ${key}: ${figures.requestsPerSecond.toFixed(0)} req/s, ${summaries[key].msPerCall} ms profiled per answer (${figures.cpuMsPerAnswer.instances} ms from /proc); ${top}`);
    }
    return { samplingUs: SAMPLING_US, seconds, connections, targets: summaries };
  } finally {
    for (const session of sessions) session.close();
    await topology.stop();
  }
}

/** The settings profileObservability profiles the forwarded call in (servers.mjs's startEdgeTopology options). */
export const OBSERVABILITY_SETTINGS = {
  off: { observability: 'off', accessLogs: false },
  metrics: { observability: 'on', accessLogs: false },
  lines: { observability: 'off', accessLogs: true },
  on: { observability: 'on', accessLogs: true },
};

/**
 * What seeing it costs a forwarded BFF call, part by part: the forwarded call profiled (as
 * profileBff's) in a topology of each setting in turn: nothing on (no tracing registered either);
 * the metrics alone (their listener, the histograms, and the request spans they are counted
 * from); the access lines alone (LOG_LEVEL info, with the same spans); both, as production runs.
 * The spans are in every setting but the first, so, the parts adding up (profile-summary.mjs's
 * observabilityParts), spans = metrics + lines − on − off, metrics = on − lines, lines = on − metrics.
 */
export async function profileObservability({ distName, log, ...options }) {
  const settings = {};
  for (const [name, setting] of Object.entries(OBSERVABILITY_SETTINGS)) {
    log(`  ${name}: ${JSON.stringify(setting)}`);
    const forwarded = async (topology) => ({ bffForwarded: (await bffTargets(topology)).bffForwarded });
    settings[name] = (await profileTargets({ distName, targetsOf: forwarded, log, settings: { ...setting, name: `observability-${name}` }, ...options })).targets.bffForwarded;
  }
  const minus = (a, b) => difference(settings[a], settings[b]);
  return { samplingUs: SAMPLING_US, settings, extra: { on: minus('on', 'off'), metrics: minus('on', 'lines'), lines: minus('on', 'metrics') } };
}
