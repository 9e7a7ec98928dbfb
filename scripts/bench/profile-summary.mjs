// The profile's summary (scripts/bench/profile.mjs takes the profiles): V8 profiles' self time by
// function and by area per answer, the difference between two targets, and BENCHMARKS.md's
// section. No side effects, so report.mjs and the tests import it alone.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Areas, by the source file a function comes from (through the build's source maps), first match wins. */
export const AREAS = [
  ['react', /node_modules\/(?:next\/dist\/compiled\/)?(?:react|react-dom|react-server-dom-[\w-]+|scheduler)\//],
  ['next: compiled server runtime (route module, request handling)', /node_modules\/next\/dist\/compiled\/next-server\//],
  ['next: other compiled dependencies', /node_modules\/next\/dist\/compiled\//],
  ['next: its tracing (tracer, span wrappers)', /node_modules\/next\/dist\/server\/lib\/(?:trace\/|router-utils\/instrumentation-node-extensions)/],
  ['next: server (router, base server, response)', /node_modules\/next\//],
  ['zod', /node_modules\/zod\//],
  ['ioredis', /node_modules\/(?:ioredis|@ioredis|redis-parser|denque|cluster-key-slot|standard-as-callback|redis-errors)\//],
  ['rate-limiter-flexible', /node_modules\/rate-limiter-flexible\//],
  ['pino', /node_modules\/(?:pino|pino-std-serializers|sonic-boom|quick-format-unescaped|safe-stable-stringify|@pinojs|fast-redact|slow-redact|on-exit-leak-free|thread-stream|atomic-sleep)\//],
  ['prom-client', /node_modules\/(?:prom-client|tdigest|bintrees)\//],
  ['OpenTelemetry', /node_modules\/@opentelemetry\//],
  ['iron-session', /node_modules\/(?:iron-session|iron-webcrypto|uncrypto|cookie)\//],
  ['undici (package)', /node_modules\/undici\//],
  ['lru-cache', /node_modules\/lru-cache\//],
  ['next-intl / use-intl', /node_modules\/(?:next-intl|use-intl|icu-minify|intl-messageformat|@formatjs)\//],
  ['other packages', /node_modules\//],
  ['our lib/bff', /(?:^|\/|\])lib\/bff\//],
  ['our lib/api', /(?:^|\/|\])lib\/api\//],
  ['our lib/observability', /(?:^|\/|\])lib\/observability\//],
  ['our lib/upstream', /(?:^|\/|\])lib\/upstream\//],
  ['our lib/server/logger.ts', /(?:^|\/|\])lib\/server\/logger\.ts$/],
  ['our other code', /(?:^|\/|\])(?:lib|app|messages)\/|(?:instrumentation|proxy)\.ts$/],
  ['bundled, no source map', /\/server\/chunks\//],
  ['Node.js (http, streams, net, fetch, timers…)', /^node:/],
];

/** Samples that are no function's: the garbage collector, V8 and Node.js's native code. */
const SPECIAL = { '(garbage collector)': 'garbage collection', '(program)': 'native (V8, libuv, C++ bindings)' };
const IDLE = new Set(['(idle)', '(root)']);

export function areaOf(source) {
  return AREAS.find(([, pattern]) => pattern.test(source))?.[0] ?? 'other';
}

/**
 * Source maps of the build's chunks, read once per file: beside the file, else in the build
 * directory `distDir` (the standalone output and its release copies leave the maps out).
 */
export function sourceResolver(distDir) {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const file = url.startsWith('file:') ? fileURLToPath(url) : url;
      const inBuild = distDir && /\/server\/(.+)$/.exec(file)?.[1];
      let map = null;
      for (const candidate of [`${file}.map`, ...(inBuild ? [path.join(distDir, 'server', `${inBuild}.map`)] : [])]) {
        try {
          map = new SourceMap(JSON.parse(readFileSync(candidate, 'utf8')));
          break;
        } catch {
          // Not there: the next place, or the file is its own source (node_modules, node:).
        }
      }
      maps.set(url, map);
    }
    return maps.get(url);
  };
  return ({ url, lineNumber, columnNumber }) => {
    const map = url && mapOf(url);
    const entry = map ? map.findEntry(lineNumber, columnNumber) : undefined;
    if (entry && entry.originalSource) return { source: entry.originalSource.replace(/^turbopack:\/\/\/?/, '').replace(/^\[project\]\//, '').replace(/^(?:\.\.\/)+/, ''), line: entry.originalLine + 1 };
    return { source: url.replace(/^file:\/\//, '').replace(/^.*?\/(node_modules\/)/, '$1'), line: lineNumber + 1 };
  };
}

/** Areas that only do what their caller asks: their time is also counted to the caller's area (`owners`). */
const GENERIC = new Set(['Node.js (http, streams, net, fetch, timers…)', 'V8 builtins (JSON, RegExp, Promise…)', 'other']);

/**
 * Self time of one V8 profile (Profiler.stop's `profile`) in microseconds: by function, and by
 * owner, the area of the nearest frame on the stack that is not Node.js's or V8's own (a socket
 * write undici asks for is undici's). Each sample counts the time to the next one; `resolve` maps
 * a call frame to its source.
 */
export function selfTimes(profile, resolve) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const perNode = new Map();
  const { samples, timeDeltas } = profile;
  for (let index = 0; index < samples.length; index++) {
    const delta = timeDeltas[index + 1] ?? 0;
    perNode.set(samples[index], (perNode.get(samples[index]) ?? 0) + Math.max(0, delta));
  }
  const entries = new Map();
  const entryOf = (id) => {
    if (entries.has(id)) return entries.get(id);
    const { callFrame } = nodes.get(id);
    let entry;
    if (IDLE.has(callFrame.functionName) && !callFrame.url) entry = null;
    else if (Object.hasOwn(SPECIAL, callFrame.functionName)) entry = { key: callFrame.functionName, name: callFrame.functionName, source: '', area: SPECIAL[callFrame.functionName] };
    else if (!callFrame.url) entry = { key: `${callFrame.functionName}|builtin`, name: callFrame.functionName || '(anonymous)', source: 'V8 builtin', area: 'V8 builtins (JSON, RegExp, Promise…)' };
    else {
      const { source, line } = resolve(callFrame);
      entry = { key: `${callFrame.functionName}|${source}:${line}`, name: callFrame.functionName || '(anonymous)', source: `${source}:${line}`, area: areaOf(source) };
    }
    entries.set(id, entry);
    return entry;
  };
  const ownerOf = (id) => {
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const entry = entryOf(at);
      if (entry && !GENERIC.has(entry.area)) return entry.area;
    }
    return entryOf(id).area;
  };
  const functions = new Map();
  const owners = new Map();
  for (const [id, micros] of perNode) {
    const entry = entryOf(id);
    if (!entry) continue;
    const { key, ...fields } = entry;
    const found = functions.get(key) ?? { ...fields, micros: 0 };
    found.micros += micros;
    functions.set(key, found);
    const owner = ownerOf(id);
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
  }
  return { functions, owners };
}

/** Self time per answer, by function, by area and by owner, of the profiles of one target's run. */
export function summarise(profiles, requests, resolve = sourceResolver()) {
  const functions = new Map();
  const owners = new Map();
  for (const profile of profiles) {
    const times = selfTimes(profile, resolve);
    for (const [key, entry] of times.functions) {
      const found = functions.get(key) ?? { ...entry, micros: 0 };
      found.micros += entry.micros;
      functions.set(key, found);
    }
    for (const [owner, micros] of times.owners) owners.set(owner, (owners.get(owner) ?? 0) + micros);
  }
  const perCall = (micros) => Math.round((micros / 1000 / requests) * 1000) / 1000;
  const sorted = (map) => Object.fromEntries([...map].sort(([, a], [, b]) => b - a).map(([name, micros]) => [name, perCall(micros)]));
  const areas = new Map();
  let total = 0;
  for (const { area, micros } of functions.values()) {
    areas.set(area, (areas.get(area) ?? 0) + micros);
    total += micros;
  }
  return {
    requests,
    msPerCall: perCall(total),
    areas: sorted(areas),
    owners: sorted(owners),
    functions: [...functions.values()].sort((a, b) => b.micros - a.micros).slice(0, 60).map(({ micros, ...entry }) => ({ ...entry, msPerCall: perCall(micros) })),
  };
}

/** `a − b` per area and per function (ms per answer), largest first: what one target does more than another. */
export function difference(a, b, top = 25) {
  const round = (value) => Math.round(value * 1000) / 1000;
  const minus = (field) => {
    const names = new Set([...Object.keys(a[field]), ...Object.keys(b[field])]);
    return Object.fromEntries([...names].map((name) => [name, round((a[field][name] ?? 0) - (b[field][name] ?? 0))]).sort(([, x], [, y]) => y - x));
  };
  const key = (entry) => `${entry.name}|${entry.source}`;
  const theirs = new Map(b.functions.map((entry) => [key(entry), entry.msPerCall]));
  const functions = a.functions
    .map((entry) => ({ ...entry, msPerCall: round(entry.msPerCall - (theirs.get(key(entry)) ?? 0)) }))
    .sort((x, y) => y.msPerCall - x.msPerCall)
    .slice(0, top);
  return { msPerCall: round(a.msPerCall - b.msPerCall), areas: minus('areas'), owners: minus('owners'), functions };
}

const LABELS = { route: 'route handler', floor: 'floor, a list', bff: 'address list', floorForwarded: 'floor, a door', bffForwarded: 'forwarded call' };

/** bench/profiles.md's section of the profile (`results.bffProfile`): against the floor where it was measured, else against the route handler. */
export function profileSection(profile) {
  const { targets, extra } = profile;
  const ms = (value) => (Number.isFinite(value) ? value.toFixed(3) : '–');
  const floor = Boolean(targets.floor);
  const order = floor ? ['route', 'floor', 'bff', 'floorForwarded', 'bffForwarded'] : ['route', 'bff', 'bffForwarded'];
  const [listExtra, forwardedExtra] = floor ? [extra.bffFloor, extra.bffForwardedFloor] : [extra.bff, extra.bffForwarded];
  const [listBase, forwardedBase] = floor ? ['floor', 'floorForwarded'] : ['route', 'route'];
  const minus = floor ? ['address list − floor', 'forwarded − floor'] : ['address list − handler', 'forwarded − handler'];
  const owners = Object.keys(forwardedExtra.owners)
    .filter((owner) => Math.abs(forwardedExtra.owners[owner]) >= 0.02 || Math.abs(listExtra.owners[owner] ?? 0) >= 0.02)
    .sort((a, b) => (targets.bffForwarded.owners[b] ?? 0) - (targets.bffForwarded.owners[a] ?? 0));
  const header = [`| area | ${order.map((key) => LABELS[key]).join(' | ')} | ${minus.join(' | ')} |`, `|---|${order.map(() => '---|').join('')}---|---|`];
  return [
    '## Where an instance spends its CPU per BFF call (profile)',
    '',
    `\`npm run bench -- --only=profile-bff\` (scripts/bench/profile.mjs) on ${profile.date}${profile.commit ? ` at ${profile.commit}` : ''}: V8's sampling profiler (every ${profile.samplingUs} µs) in both instances for exactly the ${profile.seconds} s run of each target through the edge (wrk, ${profile.connections} connections), self time summed over both and divided by the answers. Functions are placed by the build's source maps. Milliseconds of one instance's main thread per answer; the profiler's own cost is in every column alike, and the threads beside the main one (garbage collection helpers, the kernel) are only in the \`/proc\` row.${floor ? ' The floor is a route handler forwarding the same body to the same upstream with undici (app/api/bench, in the bench\'s build only).' : ''}`,
    '',
    ...header,
    `| **all (profiled)** | ${order.map((key) => ms(targets[key].msPerCall)).join(' | ')} | ${ms(listExtra.msPerCall)} | ${ms(forwardedExtra.msPerCall)} |`,
    `| CPU of the instances from \`/proc\` | ${order.map((key) => ms(targets[key].cpuMsPerAnswer)).join(' | ')} | ${ms(targets.bff.cpuMsPerAnswer - targets[listBase].cpuMsPerAnswer)} | ${ms(targets.bffForwarded.cpuMsPerAnswer - targets[forwardedBase].cpuMsPerAnswer)} |`,
    `| throughput, req/s (profiler on) | ${order.map((key) => targets[key].requestsPerSecond.toFixed(0)).join(' | ')} | | |`,
    '',
    'Self time counted to the owner: the area of the nearest frame on the stack that is not Node.js\'s or V8\'s own (a socket write undici asks for is undici\'s, a stream Next.js reads is Next.js\'s); bench/results.json also has it by the frame itself (`areas`).',
    '',
    ...header.map((line) => line.replace('| area |', '| owner |')),
    ...owners.map((owner) => `| ${owner} | ${order.map((key) => ms(targets[key].owners[owner] ?? 0)).join(' | ')} | ${ms(listExtra.owners[owner])} | ${ms(forwardedExtra.owners[owner])} |`),
    '',
    'The owners that differ by 0.02 ms or more; every owner and the heaviest functions of each target are in bench/results.json (`bffProfile`), the profiles themselves in bench/.work/profiles.',
    '',
  ];
}

/** The owners observability's parts run as: the spans (OpenTelemetry and Next.js's tracing of its own), the lines, the metrics. */
export const OBSERVABILITY_OWNERS = {
  spans: ['OpenTelemetry', 'next: its tracing (tracer, span wrappers)'],
  lines: ['pino', 'our lib/server/logger.ts'],
  metrics: ['prom-client'],
  ours: ['our lib/observability'],
};

/**
 * What each part of observability costs a forwarded call (`results.observabilityProfile`): per
 * setting, CPU per answer and the owners' self time; and each part by difference, the parts
 * adding up: lines = on − metrics, metrics = on − lines, spans = metrics + lines − on − off.
 */
export function observabilityParts({ settings }) {
  const round = (value) => Math.round(value * 1000) / 1000;
  const parts = (field) => {
    const { off, metrics, lines, on } = Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, field(setting)]));
    return { all: round(on - off), spans: round(metrics + lines - on - off), metrics: round(on - lines), lines: round(on - metrics) };
  };
  // Each part's owners as a share of the main thread with both on (a share moves far less with the machine's load than a difference of two runs).
  const { on } = settings;
  const shares = Object.fromEntries(Object.entries(OBSERVABILITY_OWNERS).map(([part, owners]) => [part, round((owners.reduce((sum, owner) => sum + (on.owners[owner] ?? 0), 0) / on.msPerCall) * 100)]));
  return { cpu: parts((setting) => setting.cpuMsPerAnswer), profiled: parts((setting) => setting.msPerCall), shares };
}

/** bench/profiles.md's section on what each part of observability costs a forwarded call. */
export function observabilityProfileSection(profile) {
  const { settings } = profile;
  const names = ['off', 'metrics', 'lines', 'on'];
  const ms = (value) => (Number.isFinite(value) ? value.toFixed(3) : '–');
  const owners = [...Object.values(OBSERVABILITY_OWNERS).flat(), 'garbage collection'];
  const { cpu, profiled } = observabilityParts(profile);
  return [
    '## What each part of observability costs a forwarded call (profile)',
    '',
    `\`npm run bench -- --only=observability\` (scripts/bench/profile.mjs's profileObservability) on ${profile.date}${profile.commit ? ` at ${profile.commit}` : ''}: the forwarded BFF call profiled as above, in a topology of each setting in turn. *off*: no metrics listener, LOG_LEVEL warn (so no tracing registered either); *metrics*: the listener and its histograms, with the request spans they count; *lines*: LOG_LEVEL info (an access line per call), with the same spans; *on*: both, as production runs. Milliseconds of one instance's main thread per answer.`,
    '',
    `| | ${names.join(' | ')} |`,
    '|---|---|---|---|---|',
    `| CPU of the instances from \`/proc\` | ${names.map((name) => ms(settings[name].cpuMsPerAnswer)).join(' | ')} |`,
    `| the bench's own process (it reads the instances' output) | ${names.map((name) => ms(settings[name].benchCpuMsPerAnswer)).join(' | ')} |`,
    `| **all (profiled)** | ${names.map((name) => ms(settings[name].msPerCall)).join(' | ')} |`,
    ...owners.map((owner) => `| ${owner} | ${names.map((name) => ms(settings[name].owners[owner] ?? 0)).join(' | ')} |`),
    `| throughput, req/s (profiler on) | ${names.map((name) => settings[name].requestsPerSecond.toFixed(0)).join(' | ')} |`,
    '',
    `By difference, the parts adding up (ms per answer, \`/proc\` / profiled): all of it ${ms(cpu.all)} / ${ms(profiled.all)}; the spans (metrics + lines − on − off) ${ms(cpu.spans)} / ${ms(profiled.spans)}; the metrics (on − lines) ${ms(cpu.metrics)} / ${ms(profiled.metrics)}; the lines (on − metrics) ${ms(cpu.lines)} / ${ms(profiled.lines)}. One run each: on a shared machine the differences move by a tenth of a millisecond, the owners' rows much less.`,
    '',
  ];
}

/** BENCHMARKS.md's lines on where a customer's view of `/` spends its CPU (`results.customerProfile`), before and after when both were profiled. */
export function customerProfileSection(profile) {
  const runs = [profile.before && ['before', profile.before], ['after', profile.after]].filter(Boolean);
  const ms = (value) => (Number.isFinite(value) ? value.toFixed(2) : '–');
  const owners = [...new Set(runs.flatMap(([, run]) => Object.keys(run.owners).slice(0, 8)))];
  return [
    '## Where an instance spends its CPU per view of a customer\'s `/` (profile)',
    '',
    `\`npm run bench -- --only=profile-customer\` on ${profile.date}${profile.commit ? ` at ${profile.commit}` : ''}, profiled as the BFF's calls are (above): ms of one instance's main thread per view, by owner.${profile.before ? ` Before: ${profile.before.distDir}, the build before the customers' template; after: ${profile.after.distDir}.` : ''}`,
    '',
    `| owner | ${runs.map(([name]) => name).join(' | ')} |`,
    `|---|${runs.map(() => '---|').join('')}`,
    `| **all (profiled)** | ${runs.map(([, run]) => ms(run.msPerCall)).join(' | ')} |`,
    `| CPU of the instances from \`/proc\` | ${runs.map(([, run]) => ms(run.cpuMsPerAnswer)).join(' | ')} |`,
    ...owners.map((owner) => `| ${owner} | ${runs.map(([, run]) => ms(run.owners[owner] ?? 0)).join(' | ')} |`),
    '',
  ];
}
